import { type ImageScanRead, uncheckedHexDigit } from "@sleuth/sdk";
import type { TextLine } from "./readText.ts";

// Issue 42: a transaction hash or an all-lowercase 0x address has no checksum, so a digit misread as
// another digit (an f as 1 in a small face) still looks valid, and OCR repeats its own misreads on
// every pass. Each of its glyphs must have been read with this confidence (the LSTM's probability
// for the glyph it chose, 0–100) by at least one of the passes that gave it.
export const minUncheckedConfidence = 92;
// Two unchecked reads of one length that differ in at most this many digits are two readings of one
// printed identifier: at most one is right, and nothing says which.
const maxRivalDigits = 4;

/** Whether two unchecked identifiers are rival readings of one printed identifier. */
function areRivals(one: string, other: string): boolean {
  if (one === other || one.length !== other.length) return false;
  let differ = 0;
  for (let index = 0; index < one.length && differ <= maxRivalDigits; index++)
    if (one[index] !== other[index]) differ++;
  return differ <= maxRivalDigits;
}

/**
 * How sure the OCR was of each digit of an unchecked hex identifier in the lines it was read from:
 * the glyphs that spell it (lines joined without spaces, so a wrapped or split read is found whole,
 * each glyph read as the digit it stands for), or null when they are not there. Where the lines spell
 * it more than once, the surest spelling counts.
 */
export function hexGlyphConfidences(lines: readonly TextLine[], identifier: string): number[] | null {
  const digits = identifier.replace(/^0x/, "");
  let spelled = "";
  const confidences: number[] = [];
  for (const line of lines)
    for (let index = 0; index < line.text.length; index++) {
      const glyph = line.text[index]!;
      if (/\s/.test(glyph)) continue;
      spelled += uncheckedHexDigit(glyph) ?? "\u00bf";
      confidences.push(line.confidences[index] ?? 0);
    }
  let best: number[] | null = null;
  for (let at = spelled.indexOf(digits); at !== -1; at = spelled.indexOf(digits, at + 1)) {
    const found = confidences.slice(at, at + digits.length);
    if (best === null || Math.min(...found) > Math.min(...best)) best = found;
  }
  return best;
}

/** An identifier a pass read; one without a checksum carries how sure the OCR was of each digit. */
export interface PassRead extends ImageScanRead {
  /** Per digit of an unchecked read (null for checksummed reads, or when its glyphs were not found). */
  confidences: number[] | null;
}

interface Tally {
  read: ImageScanRead;
  passes: number;
  /** Per digit, the highest confidence any pass read it with. */
  surest: number[] | null;
}

/**
 * The reads of every pass of one scan, counted. A checksummed read is kept at once. A read without a
 * checksum is kept only when two passes gave it, every digit of it was read with confidence by one
 * of them, and no pass read a rival of it (the same but for a few digits): a glyph mapped to the
 * digit it resembles (an l as 1) may as well be another digit drawn oddly, and a misread repeated
 * by every pass is, in the corpus, either doubted by all of them or contradicted by another pass.
 */
export class ReadVotes {
  private readonly tallies = new Map<string, Tally>();

  add(reads: readonly PassRead[]): void {
    for (const { confidences, ...read } of reads) {
      const seen = this.tallies.get(read.identifier);
      if (seen === undefined) {
        this.tallies.set(read.identifier, { read: { ...read }, passes: 1, surest: confidences });
        continue;
      }
      seen.passes++;
      // Read exactly by one pass, the identifier needs no double-check.
      if (read.reading === "exact") seen.read.reading = "exact";
      if (confidences !== null)
        seen.surest =
          seen.surest === null
            ? confidences
            : seen.surest.map((confidence, index) => Math.max(confidence, confidences[index] ?? 0));
    }
  }

  private isKept({ read, passes, surest }: Tally): boolean {
    if (read.checksummed) return true;
    return (
      passes >= 2 &&
      surest !== null &&
      surest.every((confidence) => confidence >= minUncheckedConfidence) &&
      ![...this.tallies.values()].some(
        (other) => !other.read.checksummed && areRivals(other.read.identifier, read.identifier),
      )
    );
  }

  /** Whether some read still waits for another pass to confirm it. */
  unconfirmed(): boolean {
    return [...this.tallies.values()].some((tally) => !this.isKept(tally));
  }

  checksummed(): string[] {
    return [...this.tallies.values()]
      .filter(({ read }) => read.checksummed)
      .map(({ read }) => read.identifier);
  }

  kept(): ImageScanRead[] {
    return [...this.tallies.values()].filter((tally) => this.isKept(tally)).map(({ read }) => read);
  }
}
