import { type ImageScanRead, uncheckedHexDigit } from "@sleuth/sdk";
import {
  contradictedDigits,
  type GlyphBox,
  type GlyphEvidence,
  glyphConfirms,
  glyphsContradict,
  misreadDigits,
} from "./glyphMatch.ts";
import type { TextLine } from "./readText.ts";
import type { DoubtfulSpelling } from "./storeConfirmation.ts";

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

/**
 * Whether the passes' images contradict a digit of a read: the same position's glyph looks like
 * another digit's in at least half of them. tesseract's glyph boxes drift by a glyph now and then,
 * more in a small re-read, so one image's lone contradiction among several is the box, not the digit;
 * a misread OCR repeats (a 4 read surely as d) shows in most images of it.
 */
export function isContradicted(evidence: readonly GlyphEvidence[], digits: string): boolean {
  const counts = new Map<number, number>();
  for (const pass of evidence)
    for (const position of contradictedDigits(pass, digits))
      counts.set(position, (counts.get(position) ?? 0) + 1);
  return [...counts.values()].some((count) => count * 2 >= evidence.length);
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

/**
 * A pass's lines spelled as hex, one digit a glyph (lookalikes as the digit they stand for, other
 * glyphs as a mark no digit equals), lines joined as hexGlyphs joins them; `literal` says which
 * glyphs were the digit itself.
 */
export interface PassSpelling {
  digits: string;
  literal: boolean[];
}

export function passSpelling(lines: readonly TextLine[]): PassSpelling {
  let digits = "";
  const literal: boolean[] = [];
  for (const line of lines)
    for (const glyph of line.text) {
      if (/\s/.test(glyph)) continue;
      const digit = uncheckedHexDigit(glyph);
      digits += digit ?? "\u00bf";
      literal.push(digit === glyph);
    }
  return { digits, literal };
}

const isHexDigit = (glyph: string | undefined) => glyph !== undefined && /^[0-9a-f]$/.test(glyph);

/** How many glyphs from `from` on `one` and `other` share, up to `limit`. */
function commonPrefix(one: string, from: number, other: string, limit: number): number {
  let length = 0;
  while (length < limit && one[from + length] === other[length]) length++;
  return length;
}

/** How many glyphs ending before `end` in `one` and at the end of `other` share, up to `limit`. */
function commonSuffix(one: string, end: number, other: string, limit: number): number {
  let length = 0;
  while (
    length < limit &&
    end - 1 - length >= 0 &&
    one[end - 1 - length] === other[other.length - 1 - length]
  )
    length++;
  return length;
}

/**
 * Where a pass spelled `digits` whole but for one glyph lost or one glyph too many (or exactly, through
 * lookalikes): the digits that spelling does not vouch for (those about the lost or extra glyph, those
 * spelled by a lookalike), or null when the pass spelled no such thing.
 */
export function nearSpelling(spelling: PassSpelling, digits: string): Set<number> | null {
  const length = digits.length;
  const text = spelling.digits;
  let best: Set<number> | null = null;
  for (let start = 0; start + length - 1 <= text.length; start++) {
    if (text[start] !== digits[0] && text[start + 1] !== digits[0] && text[start] !== digits[1]) continue;
    const prefix = commonPrefix(text, start, digits, length);
    // Each way the window may spell the digits: those it does not vouch for, where each digit's glyph
    // stands, and where the window ends.
    const candidates: Array<{ unvouched: Set<number>; glyphOf: (index: number) => number; end: number }> = [];
    if (prefix === length)
      candidates.push({ unvouched: new Set(), glyphOf: (index) => start + index, end: start + length });
    // One glyph lost at digit k: the window holds length − 1 glyphs.
    const lostSuffix = commonSuffix(text, start + length - 1, digits, length - 1);
    const lostFrom = length - 1 - lostSuffix;
    if (prefix < length && lostFrom <= prefix) {
      const unvouched = new Set<number>();
      for (let index = Math.max(0, lostFrom - 1); index <= Math.min(length - 1, prefix + 1); index++)
        unvouched.add(index);
      candidates.push({
        unvouched,
        glyphOf: (index) => (index < prefix ? start + index : start + index - 1),
        end: start + length - 1,
      });
    }
    // One glyph too many before digit k: the window holds length + 1 glyphs.
    if (start + length + 1 <= text.length && prefix < length) {
      const extraSuffix = commonSuffix(text, start + length + 1, digits, length);
      const extraFrom = length - extraSuffix;
      if (extraFrom <= prefix) {
        const unvouched = new Set<number>();
        for (let index = Math.max(0, extraFrom - 1); index <= Math.min(length - 1, prefix); index++)
          unvouched.add(index);
        candidates.push({
          unvouched,
          glyphOf: (index) => (index < prefix ? start + index : start + index + 1),
          end: start + length + 1,
        });
      }
    }
    for (const { unvouched, glyphOf, end } of candidates) {
      // Digits that run on into more hex are part of a longer number (calldata, a digest), whatever
      // an identifier's worth of them looks like.
      if (isHexDigit(text[start - 1]) || isHexDigit(text[end])) continue;
      for (let index = 0; index < length; index++)
        if (!unvouched.has(index) && !spelling.literal[glyphOf(index)]) unvouched.add(index);
      if (best === null || unvouched.size < best.size) best = unvouched;
    }
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
  /** The passes (by their order) that read it. */
  readers: number[];
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
  /** Each pass's lines spelled as hex, by pass, where it gave them. */
  private readonly spellings: Array<PassSpelling | null> = [];

  /** One pass's reads, and its lines spelled as hex (passSpelling) for reads other passes gave. */
  add(reads: readonly PassRead[], spelling: PassSpelling | null = null): void {
    const pass = this.spellings.length;
    this.spellings.push(spelling);
    for (const { confidences, glyphs, ...read } of reads) {
      const seen = this.tallies.get(read.identifier);
      if (seen === undefined) {
        this.tallies.set(read.identifier, {
          read: { ...read },
          passes: 1,
          readers: [pass],
          surest: confidences,
          evidence: glyphs === null ? [] : [glyphs],
        });
        continue;
      }
      seen.passes++;
      seen.readers.push(pass);
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

  /**
   * For a read one pass gave, the digits another pass's spelling of it does not vouch for (that pass
   * lost or added a glyph, so read no identifier), the fewest over the passes; null when no other
   * pass spelled it so.
   */
  private unvouchedByOthers(tally: Tally): Set<number> | null {
    const digits = tally.read.identifier.replace(/^0x/, "");
    let best: Set<number> | null = null;
    for (const [pass, spelling] of this.spellings.entries()) {
      if (spelling === null || tally.readers.includes(pass)) continue;
      const unvouched = nearSpelling(spelling, digits);
      if (unvouched !== null && (best === null || unvouched.size < best.size)) best = unvouched;
    }
    return best;
  }

  private isKept(tally: Tally): boolean {
    const { read, passes, surest } = tally;
    if (read.checksummed) return true;
    if (surest === null) return false;
    const rivals = this.rivalsOf(tally);
    if (passes < 2) {
      // Read by one pass, it counts as read twice where another pass spelled it but for a glyph
      // lost or added: the digits that spelling does not vouch for are doubtful, for the image to
      // settle in the one pass's own glyphs.
      const unvouched = this.unvouchedByOthers(tally);
      if (unvouched === null) return false;
      if (
        unvouched.size === 0 &&
        rivals.length === 0 &&
        surest.every((confidence) => confidence >= minUncheckedConfidence)
      )
        return true;
      return this.isSettledByGlyphs(tally, rivals, unvouched);
    }
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
  private isSettledByGlyphs(
    tally: Tally,
    rivals: readonly Tally[],
    unvouched: ReadonlySet<number> = new Set(),
  ): boolean {
    const digits = tally.read.identifier.replace(/^0x/, "");
    const doubtful = new Set<number>(unvouched);
    for (const [index, confidence] of tally.surest!.entries())
      if (confidence < minUncheckedConfidence) doubtful.add(index);
    for (const rival of rivals)
      for (const index of differingDigits(tally.read.identifier, rival.read.identifier)) doubtful.add(index);
    if (doubtful.size === 0 || doubtful.size > maxSettledDigits) return false;
    const settles = (evidence: GlyphEvidence, spelled: string, positions: Iterable<number>) =>
      [...positions].every((index) => glyphConfirms(evidence, spelled, index));
    if (!tally.evidence.some((evidence) => settles(evidence, digits, doubtful))) return false;
    // A digit every pass read surely may still be a repeated misread that the image contradicts.
    if (isContradicted(tally.evidence, digits)) return false;
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

  /**
   * Issue 42: the unchecked reads the rules hold back, each with its rival readings: the spellings
   * one printed identifier may stand for, each with its digits no pass read surely (least sure
   * first) and, read by one pass, those another pass's near spelling does not vouch for. For the
   * store to settle (storeConfirmation.ts); the rules themselves are unchanged.
   */
  heldBack(): DoubtfulSpelling[][] {
    const groups: DoubtfulSpelling[][] = [];
    for (const tally of this.tallies.values()) {
      if (tally.read.checksummed || this.isKept(tally) || this.glyphCorrected(tally) !== null) continue;
      groups.push(
        [tally, ...this.rivalsOf(tally).filter((rival) => rival !== tally)].map((each) =>
          this.doubtfulSpelling(each),
        ),
      );
    }
    return groups;
  }

  private doubtfulSpelling(tally: Tally): DoubtfulSpelling {
    const surest = tally.surest ?? [];
    const doubtful = surest
      .map((confidence, index) => ({ confidence, index }))
      .filter(({ confidence }) => confidence < minUncheckedConfidence)
      .sort((one, other) => one.confidence - other.confidence)
      .map(({ index }) => index);
    const unvouched =
      tally.passes < 2 ? (this.unvouchedByOthers(tally) ?? new Set<number>()) : new Set<number>();
    return {
      identifier: tally.read.identifier,
      doubtful: [...doubtful, ...[...unvouched].filter((index) => !doubtful.includes(index))],
    };
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
