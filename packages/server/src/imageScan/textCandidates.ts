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
