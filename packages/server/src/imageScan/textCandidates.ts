import type { DecodedImage } from "./decodeImage.ts";

/** A rectangle of the image, in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the ink is: one byte a pixel, 1 for ink (text, lines, codes), 0 for background. */
export interface InkMask {
  width: number;
  height: number;
  ink: Uint8Array;
  /** The luminance of each pixel, with dark ink on a light background whatever the original. */
  grey: Uint8Array;
}

/**
 * The ink of an image: luminance, split at Otsu's threshold; the smaller class is the ink, so light
 * text on a dark theme counts as ink as dark text does (and `grey` is inverted for it).
 */
export function inkMaskOf(image: DecodedImage): InkMask {
  const { width, height, data } = image;
  const grey = new Uint8Array(width * height);
  const histogram = new Float64Array(256);
  for (let index = 0; index < grey.length; index++) {
    const at = index * 4;
    const value = (data[at]! * 299 + data[at + 1]! * 587 + data[at + 2]! * 114) / 1000;
    grey[index] = value;
    histogram[grey[index]!]!++;
  }
  const threshold = otsuThreshold(histogram, grey.length);
  let dark = 0;
  for (let value = 0; value <= threshold; value++) dark += histogram[value]!;
  const inkIsDark = dark <= grey.length / 2;
  const ink = new Uint8Array(grey.length);
  for (let index = 0; index < grey.length; index++) {
    const isDark = grey[index]! <= threshold;
    ink[index] = isDark === inkIsDark ? 1 : 0;
    if (!inkIsDark) grey[index] = 255 - grey[index]!;
  }
  return { width, height, ink, grey };
}

function otsuThreshold(histogram: Float64Array, total: number): number {
  let sum = 0;
  for (let value = 0; value < 256; value++) sum += value * histogram[value]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 127;
  for (let value = 0; value < 256; value++) {
    below += histogram[value]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    belowSum += value * histogram[value]!;
    const meanBelow = belowSum / below;
    const meanAbove = (sum - belowSum) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = value;
    }
  }
  return threshold;
}

/** Runs of indexes whose count passes `minimum`, joined across gaps of at most `gap`. */
function runsOf(counts: Uint32Array, minimum: number, gap: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1;
  let lastInk = -1;
  for (let index = 0; index < counts.length; index++) {
    if (counts[index]! < minimum) continue;
    if (start !== -1 && index - lastInk - 1 > gap) {
      runs.push([start, lastInk + 1]);
      start = -1;
    }
    if (start === -1) start = index;
    lastInk = index;
  }
  if (start !== -1) runs.push([start, lastInk + 1]);
  return runs;
}

function rowCounts(mask: InkMask, box: Box): Uint32Array {
  const counts = new Uint32Array(box.height);
  for (let y = 0; y < box.height; y++) {
    const row = (box.top + y) * mask.width + box.left;
    let count = 0;
    for (let x = 0; x < box.width; x++) count += mask.ink[row + x]!;
    counts[y] = count;
  }
  return counts;
}

function columnCounts(mask: InkMask, box: Box): Uint32Array {
  const counts = new Uint32Array(box.width);
  for (let y = 0; y < box.height; y++) {
    const row = (box.top + y) * mask.width + box.left;
    for (let x = 0; x < box.width; x++) counts[x]! += mask.ink[row + x]!;
  }
  return counts;
}

/**
 * Text lines, by recursive cuts: rows of ink make bands; a band splits where a blank gap wider than
 * its height runs through it (a QR code or a column beside the text), and each part is cut again
 * into rows, until the blocks stop changing. What is left is lines of text (and pictures).
 */
export function textLines(mask: InkMask, region: Box = fullBox(mask), depth = 0): Box[] {
  const lines: Box[] = [];
  for (const [top, bottom] of runsOf(rowCounts(mask, region), 1, 0)) {
    const band: Box = { left: region.left, top: region.top + top, width: region.width, height: bottom - top };
    const columns = runsOf(columnCounts(mask, band), 1, band.height);
    for (const [left, right] of columns) {
      const block: Box = { left: band.left + left, top: band.top, width: right - left, height: band.height };
      const split = columns.length > 1 || top > 0 || bottom < region.height;
      if (split && depth < 6) lines.push(...textLines(mask, block, depth + 1));
      else lines.push(shrinkRows(mask, block));
    }
  }
  return lines;
}

function shrinkRows(mask: InkMask, box: Box): Box {
  const [run] = runsOf(rowCounts(mask, box), 1, box.height);
  return run ? { ...box, top: box.top + run[0], height: run[1] - run[0] } : box;
}

function fullBox(mask: InkMask): Box {
  return { left: 0, top: 0, width: mask.width, height: mask.height };
}

// Letters sit closer than a space; a quarter of the line's height parts words in the sans and mono
// faces of screens and explorers (a wider cut only merges words, which costs time, never a read).
const wordGapOfHeight = 0.25;
// The shortest identifier (a 25-character base58 address) is this many line heights wide in a
// condensed face; the words of prose and explorer labels are narrower.
const candidateWidthOfHeight = 8;
// Lines shorter than this are specks or rules; taller ones are pictures, not text.
const minLineHeight = 6;
const maxLineHeight = 160;
const minQrSide = 42;

/**
 * 002 §4: the words that may hold an identifier, and the blocks tall enough to be a QR code: lines of text cut into words at gaps wider than
 * a letter's, kept when a word is long for its height (identifiers are 25 to 100 characters without
 * a space). The OCR then reads these alone instead of the whole image.
 */
export function candidateWords(mask: InkMask): { words: Box[]; pictures: Box[] } {
  const blocks = textLines(mask);
  const lines = blocks.filter((line) => line.height >= minLineHeight && line.height <= maxLineHeight);
  // A QR code is at least 21 modules of two pixels; anything that tall may be one (or hold one).
  const pictures = blocks.filter((block) => block.height >= minQrSide && block.width >= minQrSide);
  const words: Box[] = [];
  for (const line of lines) {
    const gap = Math.max(2, Math.round(line.height * wordGapOfHeight));
    for (const [left, right] of runsOf(columnCounts(mask, line), 1, gap)) {
      if (right - left < line.height * candidateWidthOfHeight) continue;
      words.push({ left: line.left + left, top: line.top, width: right - left, height: line.height });
    }
  }
  return { words, pictures };
}

// tesseract's LSTM reads best with capitals about this tall; smaller text is scaled up to it.
const targetLineHeight = 40;

/**
 * One greyscale image holding each word on its own row, scaled to the height tesseract reads best,
 * dark on white with a margin: what the OCR reads instead of the whole image.
 */
export function stackWords(
  mask: InkMask,
  words: readonly Box[],
): { width: number; height: number; grey: Uint8Array } {
  const placed = words.map((word) => {
    const scale = Math.min(4, Math.max(1, targetLineHeight / word.height));
    const pad = Math.ceil(word.height * 0.3);
    return {
      word,
      scale,
      pad,
      width: Math.ceil((word.width + 2 * pad) * scale),
      height: Math.ceil((word.height + 2 * pad) * scale),
    };
  });
  const margin = targetLineHeight / 2;
  const width = Math.max(...placed.map((item) => item.width)) + 2 * margin;
  const height = placed.reduce((sum, item) => sum + item.height + margin, margin);
  const grey = new Uint8Array(width * height).fill(255);
  let top = margin;
  for (const { word, scale, pad, width: itemWidth, height: itemHeight } of placed) {
    for (let y = 0; y < itemHeight; y++) {
      const sourceY = word.top - pad + y / scale;
      for (let x = 0; x < itemWidth; x++) {
        const sourceX = word.left - pad + x / scale;
        grey[(top + y) * width + margin + x] = bilinear(mask, sourceX, sourceY);
      }
    }
    top += itemHeight + margin;
  }
  return { width, height, grey };
}

function bilinear(mask: InkMask, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= mask.width || py >= mask.height ? 255 : mask.grey[py * mask.width + px]!;
  const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
  const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
  return Math.round(top * (1 - fy) + bottom * fy);
}
