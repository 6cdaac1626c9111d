import { type ImageScanRead, uncheckedHexDigit } from "@sleuth/sdk";
import {
  type GlyphBox,
  type GlyphEvidence,
  glyphConfirms,
  glyphsContradict,
  misreadDigits,
} from "./glyphMatch.ts";
import type { TextLine } from "./readText.ts";

// Issue 42: a transaction hash or an all-lowercase 0x address has no checksum, so a digit misread as
// another digit (an f as 1 in a small face) still looks valid, and OCR repeats its own misreads on
// every pass. Each of its glyphs must have been read with this confidence (the LSTM's probability
// for the glyph it chose, 0–100) by at least one of the passes that gave it.
export const minUncheckedConfidence = 92;
// Two unchecked reads of one length that differ in at most this many digits are two readings of one
// printed identifier: at most one is right, and nothing says which.
const maxRivalDigits = 4;

// The image settles at most this many doubtful digits of one read; more, and the read is too poor.
const maxSettledDigits = 4;

/** The digit positions (after any 0x) where two reads of one length differ. */
function differingDigits(one: string, other: string): number[] {
  const offset = one.startsWith("0x") ? 2 : 0;
  const positions: number[] = [];
  for (let index = offset; index < one.length; index++)
    if (one[index] !== other[index]) positions.push(index - offset);
  return positions;
}

/** Whether two unchecked identifiers are rival readings of one printed identifier. */
function areRivals(one: string, other: string): boolean {
  if (one === other || one.length !== other.length) return false;
  let differ = 0;
  for (let index = 0; index < one.length && differ <= maxRivalDigits; index++)
    if (one[index] !== other[index]) differ++;
  return differ <= maxRivalDigits;
}

/** How sure the OCR was of each digit of an unchecked read, and where it read each in its image. */
export interface HexGlyphs {
  confidences: number[];
  boxes: GlyphBox[];
}

/**
 * How sure the OCR was of each digit of an unchecked hex identifier in the lines it was read from,
 * and where each glyph stands: the glyphs that spell it (lines joined without spaces, so a wrapped or
 * split read is found whole, each glyph read as the digit it stands for), or null when they are not
 * there. Where the lines spell it more than once, the surest spelling counts.
 */
export function hexGlyphs(lines: readonly TextLine[], identifier: string): HexGlyphs | null {
  const digits = identifier.replace(/^0x/, "");
  let spelled = "";
  const confidences: number[] = [];
  const boxes: GlyphBox[] = [];
  for (const line of lines)
    for (let index = 0; index < line.text.length; index++) {
      const glyph = line.text[index]!;
      if (/\s/.test(glyph)) continue;
      spelled += uncheckedHexDigit(glyph) ?? "\u00bf";
      confidences.push(line.confidences[index] ?? 0);
      const box = line.glyphs[index] ?? { left: line.left, right: line.right };
      boxes.push({ left: box.left, right: box.right, top: line.top, bottom: line.bottom });
    }
  let best: HexGlyphs | null = null;
  for (let at = spelled.indexOf(digits); at !== -1; at = spelled.indexOf(digits, at + 1)) {
    const found = confidences.slice(at, at + digits.length);
    if (best === null || Math.min(...found) > Math.min(...best.confidences))
      best = { confidences: found, boxes: boxes.slice(at, at + digits.length) };
  }
  return best;
}

/** An identifier a pass read; one without a checksum carries how sure the OCR was of each digit. */
export interface PassRead extends ImageScanRead {
  /** Per digit of an unchecked read (null for checksummed reads, or when its glyphs were not found). */
  confidences: number[] | null;
  /** An unchecked read's glyphs in the image the pass read, to settle its doubtful digits. */
  glyphs: GlyphEvidence | null;
}

interface Tally {
  read: ImageScanRead;
  passes: number;
  /** Per digit, the highest confidence any pass read it with. */
  surest: number[] | null;
  /** Each pass's glyphs of it, in the image that pass read. */
  evidence: GlyphEvidence[];
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
    for (const { confidences, glyphs, ...read } of reads) {
      const seen = this.tallies.get(read.identifier);
      if (seen === undefined) {
        this.tallies.set(read.identifier, {
          read: { ...read },
          passes: 1,
          surest: confidences,
          evidence: glyphs === null ? [] : [glyphs],
        });
        continue;
      }
      seen.passes++;
      if (glyphs !== null) seen.evidence.push(glyphs);
      // Read exactly by one pass, the identifier needs no double-check.
      if (read.reading === "exact") seen.read.reading = "exact";
      if (confidences !== null)
        seen.surest =
          seen.surest === null
            ? confidences
            : seen.surest.map((confidence, index) => Math.max(confidence, confidences[index] ?? 0));
    }
  }

  private rivalsOf(tally: Tally): Tally[] {
    return [...this.tallies.values()].filter(
      (other) => !other.read.checksummed && areRivals(other.read.identifier, tally.read.identifier),
    );
  }

  private isKept(tally: Tally): boolean {
    const { read, passes, surest } = tally;
    if (read.checksummed) return true;
    if (passes < 2 || surest === null) return false;
    const rivals = this.rivalsOf(tally);
    if (rivals.length === 0 && surest.every((confidence) => confidence >= minUncheckedConfidence))
      return true;
    return this.isSettledByGlyphs(tally, rivals);
  }

  /**
   * Whether the image settles an unchecked read's doubtful digits (those no pass read surely, and
   * those a rival reads otherwise): in one pass's image each looks like the surely read glyphs of
   * its digit elsewhere in the identifier and not like another digit's, no pass's image shows one of
   * its digits drawn like another digit, and no rival's differing digits are settled the same way.
   */
  private isSettledByGlyphs(tally: Tally, rivals: readonly Tally[]): boolean {
    const digits = tally.read.identifier.replace(/^0x/, "");
    const doubtful = new Set<number>();
    for (const [index, confidence] of tally.surest!.entries())
      if (confidence < minUncheckedConfidence) doubtful.add(index);
    for (const rival of rivals)
      for (const index of differingDigits(tally.read.identifier, rival.read.identifier)) doubtful.add(index);
    if (doubtful.size === 0 || doubtful.size > maxSettledDigits) return false;
    const settles = (evidence: GlyphEvidence, spelled: string, positions: Iterable<number>) =>
      [...positions].every((index) => glyphConfirms(evidence, spelled, index));
    if (!tally.evidence.some((evidence) => settles(evidence, digits, doubtful))) return false;
    // A digit every pass read surely may still be a repeated misread that the image contradicts.
    if (tally.evidence.some((evidence) => glyphsContradict(evidence, digits))) return false;
    return rivals.every((rival) => {
      const rivalDigits = rival.read.identifier.replace(/^0x/, "");
      const differing = differingDigits(tally.read.identifier, rival.read.identifier);
      return !rival.evidence.some((evidence) => settles(evidence, rivalDigits, differing));
    });
  }

  /**
   * An unchecked read two passes gave alike whose image shows some of its digits misread (drawn as
   * another digit of the identifier), with those digits put right: held to the rules of a doubtful
   * digit. Each changed digit, and each digit no pass read surely, is settled by one pass's image
   * (its glyph looks like the surely read glyphs of the new digit and clearly less like any other's,
   * the changed glyphs themselves not counting as examples); no pass's image contradicts any digit of
   * the result; and no other rival reading's differing digits are settled so.
   */
  private glyphCorrected(tally: Tally): ImageScanRead | null {
    const { read, passes, surest, evidence } = tally;
    if (read.checksummed || passes < 2 || surest === null || evidence.length === 0) return null;
    const prefix = read.identifier.startsWith("0x") ? "0x" : "";
    const digits = read.identifier.slice(prefix.length);
    const changes = new Map<number, string>();
    for (const pass of evidence)
      for (const [position, digit] of misreadDigits(pass, digits)) {
        if ((changes.get(position) ?? digit) !== digit) return null;
        changes.set(position, digit);
      }
    if (changes.size === 0) return null;
    const doubtful = new Set(changes.keys());
    for (const [index, confidence] of surest.entries())
      if (confidence < minUncheckedConfidence) doubtful.add(index);
    if (doubtful.size > maxSettledDigits) return null;
    const corrected = [...digits].map((digit, index) => changes.get(index) ?? digit).join("");
    const identifier = prefix + corrected;
    // A changed glyph is no example of its new digit: two misread glyphs would vouch for each other.
    const blinded = evidence.map((pass) => ({
      ...pass,
      confidences: pass.confidences.map((confidence, index) => (changes.has(index) ? 0 : confidence)),
    }));
    if (!blinded.some((pass) => [...doubtful].every((index) => glyphConfirms(pass, corrected, index))))
      return null;
    if (blinded.some((pass) => glyphsContradict(pass, corrected))) return null;
    const rivals = [...this.tallies.values()].filter(
      (other) =>
        other !== tally &&
        other.read.identifier !== identifier &&
        !other.read.checksummed &&
        areRivals(other.read.identifier, identifier),
    );
    const settled = rivals.some((rival) => {
      const rivalDigits = rival.read.identifier.slice(prefix.length);
      const differing = differingDigits(identifier, rival.read.identifier);
      return rival.evidence.some((pass) =>
        differing.every((index) => glyphConfirms(pass, rivalDigits, index)),
      );
    });
    return settled ? null : { ...read, identifier, reading: "corrected" };
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
    const kept: ImageScanRead[] = [];
    for (const tally of this.tallies.values()) {
      const read = this.isKept(tally) ? tally.read : this.glyphCorrected(tally);
      if (read !== null && !kept.some((other) => other.identifier === read.identifier)) kept.push(read);
    }
    return kept;
  }
}
