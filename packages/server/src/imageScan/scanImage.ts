import { identifiersInText } from "@sleuth/sdk";
import { PNG } from "pngjs";
import { type DecodedImage, decodeImage } from "./decodeImage.ts";
import { readQrCodes } from "./readQrCodes.ts";
import { readText } from "./readText.ts";

function pngOf(image: DecodedImage): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png, { deflateLevel: 1 });
}

/**
 * 002 §3/§4 search by image: the identifiers in an image, read on this machine (OCR for text, a QR
 * decoder for codes) and kept only when the SDK's recognizer finds them valid. Text comes first, in
 * reading order, then the QR codes; each identifier once.
 */
export async function scanImage(bytes: Uint8Array): Promise<string[]> {
  const image = await decodeImage(bytes);
  const qrPayloads = readQrCodes(image);
  // tesseract reads png and jpeg itself; webp and heic are handed over as the pixels just decoded.
  const text = await readText(image.format === "png" || image.format === "jpeg" ? bytes : pngOf(image));
  return identifiersInText([text, ...qrPayloads].join("\n"));
}
