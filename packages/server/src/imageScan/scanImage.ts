import { type ImageScanRead, identifierReadsInText } from "@sleuth/sdk";
import { decodeImage } from "./decodeImage.ts";
import {
  type GreyImage,
  ocrScale,
  pngOfGrey,
  scaledGrey,
  stackRegions,
  thresholdedGrey,
  typicalLineHeight,
} from "./pageImage.ts";
import { readQrCodes } from "./readQrCodes.ts";
import { readText, type TextLine } from "./readText.ts";
import type { Box } from "./textCandidates.ts";
import { inkMaskOf } from "./textCandidates.ts";

/** How a region is read again: scaled relative to the best text height, thresholded or not. */
interface Reread {
  boost: number;
  threshold: boolean;
}

// Issue 42: recall first. The whole page is read once; the lines that still hold a long run of
// letters and digits no checksummed identifier explains are read again, cut out, bigger and
// thresholded, then at another scale: OCR errs differently each way.
const rereads: readonly Reread[] = [
  { boost: 1.35, threshold: true },
  { boost: 0.9, threshold: false },
  { boost: 1.7, threshold: false },
];

// A token this long may be an identifier or a piece of one.
const minDoubtfulToken = 16;
// Lines closer than this many line heights below one another may be one wrapped identifier.
const wrapGap = 1.2;

/**
 * The reads of every pass, counted. A read without a checksum is kept only when two passes gave it
 * and one of them read it exactly: a glyph mapped to the digit it resembles (an l as 1) may as well
 * be another digit drawn oddly (a 0 read as l by three passes in the corpus), and OCR repeats its
 * own misreads.
 */
class ReadVotes {
  private readonly reads = new Map<string, { read: ImageScanRead; count: number; exact: number }>();

  add(reads: readonly ImageScanRead[]): void {
    for (const read of reads) {
      const seen = this.reads.get(read.identifier);
      const exact = read.reading === "exact" ? 1 : 0;
      if (seen === undefined) this.reads.set(read.identifier, { read: { ...read }, count: 1, exact });
      else {
        seen.count++;
        seen.exact += exact;
        // Read exactly by one pass, the identifier needs no double-check.
        if (exact) seen.read.reading = "exact";
      }
    }
  }

  private isKept(entry: { read: ImageScanRead; count: number; exact: number }): boolean {
    return entry.read.checksummed || (entry.count >= 2 && entry.exact >= 1);
  }

  /** Whether some read still waits for a second pass to confirm it. */
  unconfirmed(): boolean {
    return [...this.reads.values()].some((entry) => !this.isKept(entry));
  }

  checksummed(): string[] {
    return [...this.reads.values()].filter(({ read }) => read.checksummed).map(({ read }) => read.identifier);
  }

  kept(): ImageScanRead[] {
    return [...this.reads.values()].filter((entry) => this.isKept(entry)).map(({ read }) => read);
  }
}

/** Whether a token is explained by an identifier found: some eight-character piece of it is in one. */
function isExplained(token: string, identifiers: readonly string[]): boolean {
  const lower = token.toLowerCase();
  const pieces = [
    lower.slice(0, 8),
    lower.slice(lower.length / 2 - 4, lower.length / 2 + 4),
    lower.slice(-8),
  ];
  return identifiers.some((identifier) => pieces.some((piece) => identifier.toLowerCase().includes(piece)));
}

/** Lines holding a long token that no checksummed identifier explains. */
function doubtfulLines(lines: readonly TextLine[], trusted: readonly string[]): number[] {
  return lines.flatMap((line, index) =>
    line.text
      .split(/[\s,;'"()[\]{}<>=&*]+/)
      .some(
        (token) => token.length >= minDoubtfulToken && /[0-9]/.test(token) && !isExplained(token, trusted),
      )
      ? [index]
      : [],
  );
}

/**
 * The regions of the page (in its own pixels) to read again: each doubtful line with the lines just
 * below it that a wrapped identifier would continue on, padded.
 */
function regionsOf(
  lines: readonly TextLine[],
  doubtful: readonly number[],
  scale: number,
  page: GreyImage,
): Box[] {
  const regions: Box[] = [];
  const taken = new Set<number>();
  for (const index of doubtful) {
    if (taken.has(index)) continue;
    const first = lines[index]!;
    let { left, top, right, bottom } = first;
    const height = bottom - top;
    for (let next = index + 1; next <= index + 2 && next < lines.length; next++) {
      const line = lines[next]!;
      const below = line.top >= bottom - height / 2 && line.top - bottom < height * wrapGap;
      const overlaps = line.left < right && line.right > left;
      if (!below || !overlaps) break;
      taken.add(next);
      left = Math.min(left, line.left);
      right = Math.max(right, line.right);
      bottom = line.bottom;
    }
    const pad = height * 0.6;
    const box = {
      left: Math.max(0, Math.floor((left - pad) / scale)),
      top: Math.max(0, Math.floor((top - pad) / scale)),
      right: Math.min(page.width, Math.ceil((right + pad) / scale)),
      bottom: Math.min(page.height, Math.ceil((bottom + pad) / scale)),
    };
    regions.push({ left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top });
  }
  return regions.filter((region) => region.width > 4 && region.height > 4);
}

/**
 * 002 §3/§4 search by image (issue 42): the identifiers in an image and how each was read. QR codes
 * (payment URIs decoded to their address), then OCR of the whole page (dark themes inverted, scaled so
 * its text is the height tesseract reads best), and the doubtful lines again, cut out. A token is kept
 * only when the SDK validates it, OCR's confusions corrected only where a checksum confirms them,
 * wrapped identifiers joined; a read no checksum vouches for (lowercase hex) must come out the same
 * from two passes, one of them exactly as read. Text comes first, in reading order, then the QR codes; each identifier once.
 */
export async function scanImage(bytes: Uint8Array): Promise<ImageScanRead[]> {
  const image = await decodeImage(bytes);
  const mask = inkMaskOf(image);
  const page: GreyImage = { width: mask.width, height: mask.height, grey: mask.grey };
  const lineHeight = typicalLineHeight(mask);
  const scale = ocrScale(mask, lineHeight);
  const pageText = readText(pngOfGrey(scaledGrey(page, scale)), "sparse");
  // Keeps the OCR's failure for the await below instead of an unhandled rejection while QR runs.
  pageText.catch(() => undefined);
  // The QR decoder runs on this thread while an OCR worker reads the page.
  const qrReads = identifierReadsInText(readQrCodes(image).join("\n"), "qr");
  const lines = await pageText;
  const votes = new ReadVotes();
  votes.add(identifierReadsInText(lines.map((line) => line.text).join("\n"), "text"));
  const trusted = () => [...votes.checksummed(), ...qrReads.map((read) => read.identifier)];
  const regions = regionsOf(lines, doubtfulLines(lines, trusted()), scale, page);
  for (const reread of rereads) {
    if (regions.length === 0) break;
    const factor = ocrScale(mask, lineHeight, reread.boost);
    const stacked = stackRegions(page, regions, factor);
    const radius = Math.max(8, Math.round(lineHeight * 1.5 * factor));
    const again = await readText(
      pngOfGrey(reread.threshold ? thresholdedGrey(stacked, radius) : stacked),
      "block",
    );
    const text = again.map((line) => line.text).join("\n");
    votes.add(identifierReadsInText(text, "text"));
    if (!votes.unconfirmed() && doubtfulLines(again, trusted()).length === 0) break;
  }
  const found = votes.kept();
  for (const read of qrReads)
    if (!found.some((kept) => kept.identifier === read.identifier)) found.push(read);
  return found;
}
