import { type ImageScanRead, identifierReadsInText } from "@sleuth/sdk";
import { decodeImage } from "./decodeImage.ts";
import {
  type GreyImage,
  ocrScale,
  pngOfGrey,
  scaledGrey,
  thresholdedGrey,
  typicalLineHeight,
} from "./pageImage.ts";
import { readQrCodes } from "./readQrCodes.ts";
import { type PageSegmentation, readText } from "./readText.ts";
import { inkMaskOf } from "./textCandidates.ts";

/** One way of reading the page: its scale (relative to the best text height), thresholding and layout. */
interface ReadingPass {
  boost: number;
  threshold: boolean;
  layout: PageSegmentation;
}

// Issue 42: recall first. The first pass reads most screenshots; the next ones run only while the
// page still shows long runs of letters and digits that gave no identifier, each seeing the page
// differently (bigger, thresholded, laid out as one block) since OCR errs differently each way.
const passes: readonly ReadingPass[] = [
  { boost: 1, threshold: false, layout: "sparse" },
  { boost: 1.4, threshold: true, layout: "block" },
  { boost: 0.8, threshold: true, layout: "sparse" },
];

// OCR tokens this long, of letters and digits only, may be an identifier (or a piece of one).
const unresolvedToken = /^[A-Za-z0-9]{20,}$/;

/** Whether OCR text still holds a long token that none of the found identifiers explains. */
function hasUnresolved(text: string, found: readonly ImageScanRead[]): boolean {
  const known = found.map((read) => read.identifier.toLowerCase());
  return text
    .split(/[\s,;:'"()[\]{}<>]+/)
    .some(
      (token) =>
        unresolvedToken.test(token) &&
        !known.some((identifier) => identifier.includes(token.toLowerCase().slice(2, -2))),
    );
}

function merge(into: ImageScanRead[], reads: readonly ImageScanRead[]): void {
  for (const read of reads) {
    const same = into.find((existing) => existing.identifier === read.identifier);
    if (same === undefined) into.push(read);
    // Read exactly by one pass, the identifier needs no double-check.
    else if (same.reading === "corrected" && read.reading === "exact" && same.source === read.source)
      same.reading = "exact";
  }
}

/**
 * 002 §3/§4 search by image (issue 42): the identifiers in an image and how each was read. QR codes
 * (payment URIs decoded to their address) and OCR of the whole page, dark themes inverted, scaled so
 * its text is the height tesseract reads best; each token kept only when the SDK validates it, OCR's
 * confusions corrected only where a checksum confirms them, wrapped identifiers joined. Text comes
 * first, in reading order, then the QR codes; each identifier once.
 */
export async function scanImage(bytes: Uint8Array): Promise<ImageScanRead[]> {
  const image = await decodeImage(bytes);
  const mask = inkMaskOf(image);
  const page: GreyImage = { width: mask.width, height: mask.height, grey: mask.grey };
  const lineHeight = typicalLineHeight(mask);
  const found: ImageScanRead[] = [];
  let qrReads: ImageScanRead[] = [];
  for (const [index, pass] of passes.entries()) {
    const scaled = scaledGrey(page, ocrScale(mask, lineHeight, pass.boost));
    const prepared = pass.threshold
      ? thresholdedGrey(scaled, Math.max(8, Math.round(lineHeight * 1.5)))
      : scaled;
    const text = readText(pngOfGrey(prepared), pass.layout);
    // The QR decoder runs on this thread while the OCR's worker reads the first pass.
    if (index === 0) qrReads = identifierReadsInText(readQrCodes(image).join("\n"), "qr");
    const pageText = await text;
    merge(found, identifierReadsInText(pageText, "text"));
    if (!hasUnresolved(pageText, [...found, ...qrReads])) break;
  }
  merge(found, qrReads);
  return found;
}
