import type { GreyImage } from "./pageImage.ts";

/**
 * Where one glyph of a read stands in the image the OCR read (pixels): its own left and right, and
 * the top and bottom of its line (every glyph of a line is compared over the same band).
 */
export interface GlyphBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** One pass's reading of an unchecked identifier, glyph by glyph, and the image that pass read. */
export interface GlyphEvidence {
  image: GreyImage;
  /** Per digit of the identifier (without its 0x). */
  boxes: GlyphBox[];
  /** Per digit, how sure the OCR was of it in this pass (0–100). */
  confidences: number[];
}

// Issue 42: a doubtful digit of a hash is settled by the image itself. The other digits of the same
// identifier are drawn in the same face, size and rendering; a glyph the OCR doubted must look like
// the glyphs of its digit that it read surely, clearly more than like those of any other digit.
// Glyphs the OCR read at least this surely are the examples.
const exampleConfidence = 95;
// The normalised correlation a doubted glyph must reach with an example of its own digit…
export const minLikeness = 0.93;
// …and by how much it must beat every example of every other digit.
export const minMargin = 0.1;
// Glyphs are compared shifted by up to this many pixels sideways and up or down: the OCR's boxes
// are off by a pixel or two, and a proportional face places glyphs at fractional positions.
const shiftX = 2;
const shiftY = 1;

interface Cell {
  centreX: number;
  centreY: number;
}

/** The cells of an evidence's glyphs and the cell size (median glyph width, median line height). */
function cellsOf(evidence: GlyphEvidence): { cells: Cell[]; width: number; height: number } {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const width = Math.max(3, Math.round(median(evidence.boxes.map((box) => box.right - box.left)) * 1.2));
  const height = Math.max(5, Math.round(median(evidence.boxes.map((box) => box.bottom - box.top))));
  const cells = evidence.boxes.map((box) => ({
    centreX: (box.left + box.right) / 2,
    centreY: (box.top + box.bottom) / 2,
  }));
  return { cells, width, height };
}

/** The pixels of a cell (width × height around a centre), zero-mean and unit-norm; null when blank. */
function patch(image: GreyImage, centreX: number, centreY: number, width: number, height: number) {
  const values = new Float32Array(width * height);
  const left = Math.round(centreX - width / 2);
  const top = Math.round(centreY - height / 2);
  let sum = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const px = left + x;
      const py = top + y;
      const value =
        px < 0 || py < 0 || px >= image.width || py >= image.height
          ? 255
          : image.grey[py * image.width + px]!;
      values[y * width + x] = value;
      sum += value;
    }
  const mean = sum / values.length;
  let norm = 0;
  for (let index = 0; index < values.length; index++) {
    values[index]! -= mean;
    norm += values[index]! ** 2;
  }
  if (norm < 1e-6) return null;
  const scale = 1 / Math.sqrt(norm);
  for (let index = 0; index < values.length; index++) values[index]! *= scale;
  return values;
}

function dot(one: Float32Array, other: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < one.length; index++) sum += one[index]! * other[index]!;
  return sum;
}

/** The cells of an evidence with each glyph's pixels, computed once for all its comparisons. */
interface Patches {
  cells: Cell[];
  width: number;
  height: number;
  /** Each glyph's pixels where the OCR put it (null when blank). */
  base: Array<Float32Array | null>;
}

function patchesOf(evidence: GlyphEvidence): Patches {
  const { cells, width, height } = cellsOf(evidence);
  return {
    cells,
    width,
    height,
    base: cells.map((cell) => patch(evidence.image, cell.centreX, cell.centreY, width, height)),
  };
}

/**
 * How much the glyph at `position` looks like the surely read glyphs of each digit of `digits`: the
 * best normalised correlation (−1 to 1) with any of them, per digit that has one.
 */
function likenessAt(
  evidence: GlyphEvidence,
  patches: Patches,
  digits: string,
  position: number,
): Map<string, number> {
  const { cells, width, height, base } = patches;
  const cell = cells[position]!;
  const shifted: Float32Array[] = [];
  for (let dy = -shiftY; dy <= shiftY; dy++)
    for (let dx = -shiftX; dx <= shiftX; dx++) {
      const values = patch(evidence.image, cell.centreX + dx, cell.centreY + dy, width, height);
      if (values !== null) shifted.push(values);
    }
  const likeness = new Map<string, number>();
  if (shifted.length === 0) return likeness;
  for (const [index, values] of base.entries()) {
    if (index === position || values === null || (evidence.confidences[index] ?? 0) < exampleConfidence)
      continue;
    const best = Math.max(...shifted.map((candidate) => dot(candidate, values)));
    const digit = digits[index]!;
    likeness.set(digit, Math.max(likeness.get(digit) ?? -1, best));
  }
  return likeness;
}

/** How much the glyph at `position` looks like the surely read glyphs of each digit, per digit. */
export function glyphLikeness(
  evidence: GlyphEvidence,
  digits: string,
  position: number,
): Map<string, number> {
  return likenessAt(evidence, patchesOf(evidence), digits, position);
}

/**
 * Whether the image confirms the digit read at `position`: its glyph looks like the surely read
 * glyphs of that digit, and clearly less like those of any other. A digit with no surely read
 * example elsewhere in the identifier cannot be confirmed.
 */
export function glyphConfirms(evidence: GlyphEvidence, digits: string, position: number): boolean {
  return confirms(glyphLikeness(evidence, digits, position), digits[position]!);
}

function confirms(likeness: Map<string, number>, digit: string): boolean {
  const own = likeness.get(digit);
  if (own === undefined || own < minLikeness) return false;
  for (const [other, value] of likeness) if (other !== digit && value > own - minMargin) return false;
  return true;
}

/**
 * The positions of a read whose glyph the image contradicts, surely read or not: it looks more like
 * the surely read glyphs of another digit than like those of its own (or, its own digit having no
 * other example, like another digit's as much as a confirmed glyph looks like its own). OCR repeats a
 * confident misread (a 4 as d) on every pass; the identifier's other glyphs of that digit show it.
 */
export function contradictedDigits(evidence: GlyphEvidence, digits: string): Set<number> {
  const patches = patchesOf(evidence);
  const contradicted = new Set<number>();
  for (let position = 0; position < digits.length; position++) {
    const likeness = likenessAt(evidence, patches, digits, position);
    const own = likeness.get(digits[position]!);
    for (const [other, value] of likeness)
      if (other !== digits[position] && value > (own ?? minLikeness)) contradicted.add(position);
  }
  return contradicted;
}

/** Whether the image contradicts some digit of a read (contradictedDigits). */
export function glyphsContradict(evidence: GlyphEvidence, digits: string): boolean {
  return contradictedDigits(evidence, digits).size > 0;
}

/**
 * The digits of a read whose glyphs the image shows drawn as another digit: per position, the digit
 * whose surely read glyphs it looks like (at least `minLikeness`), by at least `minMargin` more than
 * like those of the digit read there. OCR repeats such a misread (an f as 1, a 6 as b) on every pass.
 */
export function misreadDigits(evidence: GlyphEvidence, digits: string): Map<number, string> {
  const patches = patchesOf(evidence);
  const misread = new Map<number, string>();
  for (let position = 0; position < digits.length; position++) {
    const likeness = likenessAt(evidence, patches, digits, position);
    const own = likeness.get(digits[position]!) ?? -1;
    let best: [string, number] | null = null;
    for (const [other, value] of likeness)
      if (other !== digits[position] && (best === null || value > best[1])) best = [other, value];
    if (best !== null && best[1] >= minLikeness && best[1] >= own + minMargin) misread.set(position, best[0]);
  }
  return misread;
}
