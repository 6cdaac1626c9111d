import { identifiersInText } from "@sleuth/sdk";
import { PNG } from "pngjs";
import { type DecodedImage, decodeImage } from "./decodeImage.ts";
import { readQrCodes, readQrCodesIn } from "./readQrCodes.ts";
import { readText } from "./readText.ts";
import { candidateWords, inkMaskOf, stackWords } from "./textCandidates.ts";

function pngOf(image: DecodedImage): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png, { deflateLevel: 1 });
}

function pngOfGrey(image: { width: number; height: number; grey: Uint8Array }): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  for (let index = 0; index < image.grey.length; index++) {
    const value = image.grey[index]!;
    png.data[index * 4] = value;
    png.data[index * 4 + 1] = value;
    png.data[index * 4 + 2] = value;
    png.data[index * 4 + 3] = 255;
  }
  return PNG.sync.write(png, { deflateLevel: 1 });
}

/**
 * 002 §3/§4 search by image: the identifiers in an image, read on this machine (OCR for text, a QR
 * decoder for codes) and kept only when the SDK's recognizer finds them valid. Text comes first, in
 * reading order, then the QR codes; each identifier once.
 *
 * OCR costs in proportion to the text it reads, so it reads only the words long enough to be an
 * identifier, cut out of the image, scaled to the height tesseract reads best and stacked into one
 * small image; meanwhile the QR decoder scans, on this thread (the OCR has its own), only the blocks
 * tall enough to be a code. When that finds nothing at all (a skewed photo the cuts miss), the whole
 * image is read by both.
 */
export async function scanImage(bytes: Uint8Array): Promise<string[]> {
  const image = await decodeImage(bytes);
  const mask = inkMaskOf(image);
  const { words, pictures } = candidateWords(mask);
  const wordText = words.length > 0 ? readText(pngOfGrey(stackWords(mask, words))) : Promise.resolve("");
  // Keeps the OCR's failure for the await below instead of an unhandled rejection while QR runs.
  wordText.catch(() => undefined);
  const blockPayloads = readQrCodesIn(image, pictures);
  const found = identifiersInText([await wordText, ...blockPayloads].join("\n"));
  if (found.length > 0) return found;
  // tesseract reads png and jpeg itself; webp and heic are handed over as the pixels just decoded.
  const text = readText(image.format === "png" || image.format === "jpeg" ? bytes : pngOf(image));
  text.catch(() => undefined);
  const qrPayloads = readQrCodes(image);
  return identifiersInText([await text, ...qrPayloads].join("\n"));
}
