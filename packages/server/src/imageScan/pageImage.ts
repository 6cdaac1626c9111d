import { PNG } from "pngjs";
import type { Box, InkMask } from "./textCandidates.ts";
import { textLines } from "./textCandidates.ts";

/** A greyscale image, one byte a pixel, dark text on a light background. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}

// tesseract's LSTM reads best with lines about this tall (ink of a line: capitals and descenders).
const targetLineHeight = 30;
// A page larger than this is read at a smaller scale: the OCR's time and memory follow its pixels.
const maxOcrPixels = 9_000_000;
// Small text (an 11 px face at 1×) is read again up to this many times larger.
const maxUpscale = 4;

/**
 * The median height of the image's text lines, in pixels (0 when it has none). A line of text is
 * wider than tall; squarer blocks (a QR code's rows, icons) are left out.
 */
export function typicalLineHeight(mask: InkMask): number {
  const heights = textLines(mask)
    .filter((line) => line.height >= 5 && line.height <= 120 && line.width >= line.height * 2.5)
    .map((line) => line.height)
    .sort((a, b) => a - b);
  return heights.length === 0 ? 0 : heights[Math.floor(heights.length / 2)]!;
}

/** The factor that brings text of `lineHeight` to the height tesseract reads best, within bounds. */
export function ocrScale(mask: InkMask, lineHeight: number, boost = 1): number {
  const wanted = lineHeight === 0 ? 1 : (targetLineHeight * boost) / lineHeight;
  const fit = Math.sqrt(maxOcrPixels / (mask.width * mask.height));
  return Math.max(0.35, Math.min(maxUpscale, wanted, fit));
}

/** The page scaled by `factor` (bilinear), still dark on light. */
export function scaledGrey(page: GreyImage, factor: number): GreyImage {
  if (Math.abs(factor - 1) < 0.05) return page;
  const width = Math.max(1, Math.round(page.width * factor));
  const height = Math.max(1, Math.round(page.height * factor));
  const grey = new Uint8Array(width * height);
  const sourceAt = (x: number, y: number) => page.grey[y * page.width + x]!;
  for (let y = 0; y < height; y++) {
    const sourceY = Math.min(page.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(page.height - 1, y0 + 1);
    const fy = sourceY - y0;
    for (let x = 0; x < width; x++) {
      const sourceX = Math.min(page.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(page.width - 1, x0 + 1);
      const fx = sourceX - x0;
      const top = sourceAt(x0, y0) * (1 - fx) + sourceAt(x1, y0) * fx;
      const bottom = sourceAt(x0, y1) * (1 - fx) + sourceAt(x1, y1) * fx;
      grey[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, grey };
}

/**
 * Black text on white: each pixel against the mean of its neighbourhood (a box of `radius`), so grey
 * labels, coloured buttons and JPEG halos fall away while thin strokes stay.
 */
export function thresholdedGrey(page: GreyImage, radius: number): GreyImage {
  const { width, height, grey } = page;
  // Summed-area table: each box mean costs four reads.
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - radius);
    const bottom = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - radius);
      const right = Math.min(width, x + radius + 1);
      const area = (bottom - top) * (right - left);
      const sum =
        sums[bottom * (width + 1) + right]! -
        sums[top * (width + 1) + right]! -
        sums[bottom * (width + 1) + left]! +
        sums[top * (width + 1) + left]!;
      // Ink is clearly darker than its surroundings; flat areas (background, fills) stay white.
      out[y * width + x] = grey[y * width + x]! < sum / area - 12 ? 0 : 255;
    }
  }
  return { width, height, grey: out };
}

/** The page with its dark strokes thickened by a pixel: each pixel the darkest of it and its right and lower neighbours. */
export function thickenedGrey(page: GreyImage): GreyImage {
  const { width, height, grey } = page;
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      let darkest = grey[at]!;
      if (x + 1 < width) darkest = Math.min(darkest, grey[at + 1]!);
      if (y + 1 < height) darkest = Math.min(darkest, grey[at + width]!);
      if (x + 1 < width && y + 1 < height) darkest = Math.min(darkest, grey[at + width + 1]!);
      out[at] = darkest;
    }
  return { width, height, grey: out };
}

/** A png of a greyscale page, for tesseract. */
export function pngOfGrey(page: GreyImage): Uint8Array {
  const png = new PNG({
    width: page.width,
    height: page.height,
    colorType: 0,
    inputColorType: 0,
    bitDepth: 8,
  });
  png.data = Buffer.from(page.grey);
  return PNG.sync.write(png, { deflateLevel: 1, colorType: 0, inputColorType: 0 });
}

// White between stacked regions, so tesseract reads each as its own lines.
const stackMargin = 24;

/**
 * The regions of the page, each scaled by `factor` with its own background brought to white, one
 * under another on white: what a re-read sees, and the rows (top, bottom) each region takes in it.
 */
export function stackRegions(
  page: GreyImage,
  regions: readonly Box[],
  factor: number,
): { image: GreyImage; parts: Array<[top: number, bottom: number]> } {
  const parts = regions.map((region) => scaledGrey(whitened(cropOf(page, region)), factor));
  const width = Math.max(...parts.map((part) => part.width)) + 2 * stackMargin;
  const height = parts.reduce((sum, part) => sum + part.height + stackMargin, stackMargin);
  const grey = new Uint8Array(width * height).fill(255);
  let top = stackMargin;
  const rows: Array<[number, number]> = [];
  for (const part of parts) {
    for (let y = 0; y < part.height; y++)
      grey.set(part.grey.subarray(y * part.width, (y + 1) * part.width), (top + y) * width + stackMargin);
    rows.push([top, top + part.height]);
    top += part.height + stackMargin;
  }
  return { image: { width, height, grey }, parts: rows };
}

/**
 * A region with its background (its median grey: a line of text is mostly background) brought to
 * white, its ink scaled alike. A value's grey card cut out of a grey screen and stacked on white is
 * otherwise a box the OCR's binarisation may turn solid, losing the text inside it.
 */
function whitened(region: GreyImage): GreyImage {
  const histogram = new Uint32Array(256);
  for (const value of region.grey) histogram[value]!++;
  let seen = 0;
  let background = 255;
  for (let value = 0; value < 256; value++) {
    seen += histogram[value]!;
    if (seen * 2 >= region.grey.length) {
      background = value;
      break;
    }
  }
  if (background >= 250 || background < 128) return region;
  const grey = new Uint8Array(region.grey.length);
  for (let index = 0; index < grey.length; index++)
    grey[index] = Math.min(255, Math.round((region.grey[index]! * 255) / background));
  return { width: region.width, height: region.height, grey };
}

function cropOf(page: GreyImage, box: Box): GreyImage {
  const grey = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    grey.set(
      page.grey.subarray(
        (box.top + y) * page.width + box.left,
        (box.top + y) * page.width + box.left + box.width,
      ),
      y * box.width,
    );
  return { width: box.width, height: box.height, grey };
}

// Screens photographed or drawn at a slant: tesseract's lines (and the bands the re-reads cut out)
// hold whole identifiers only when the text runs level.
const maxSkew = 4;
// Below this the slant moves a line's end by less than a stroke's width: not worth a resample.
const minSkew = 0.3;

/**
 * How many degrees the text runs off level (positive: clockwise, its right end lower), 0 when it
 * runs level. The ink is projected onto rows at each angle within ±4°; level text gives the most
 * sharply alternating rows (lines and the gaps between them).
 */
export function skewAngle(mask: InkMask): number {
  // A coarse grid of the ink keeps the search to a few million steps on any screenshot.
  const step = Math.max(1, Math.round(Math.max(mask.width, mask.height) / 900));
  const points: number[] = [];
  for (let y = 0; y < mask.height; y += step)
    for (let x = 0; x < mask.width; x += step) if (mask.ink[y * mask.width + x]) points.push(x, y);
  if (points.length < 200) return 0;
  const rows = Math.ceil(mask.height / step) + Math.ceil(mask.width / step) + 2;
  const offset = Math.ceil(mask.width / step) + 1;
  const counts = new Float64Array(rows);
  const score = (degrees: number) => {
    counts.fill(0);
    const slope = Math.tan((degrees * Math.PI) / 180);
    for (let index = 0; index < points.length; index += 2) {
      const row = Math.round((points[index + 1]! - points[index]! * slope) / step) + offset;
      counts[row]!++;
    }
    let sum = 0;
    for (let row = 1; row < rows; row++) sum += (counts[row]! - counts[row - 1]!) ** 2;
    return sum;
  };
  let best = 0;
  let bestScore = score(0);
  for (const resolution of [0.5, 0.1]) {
    const centre = best;
    for (
      let degrees = centre - resolution * 5;
      degrees <= centre + resolution * 5 + 1e-9;
      degrees += resolution
    ) {
      if (Math.abs(degrees) > maxSkew) continue;
      const value = score(degrees);
      // A slant must clearly beat level text: a level page's score barely changes near zero.
      if (value > bestScore * (degrees === 0 ? 1 : 1.02)) {
        best = degrees;
        bestScore = value;
      }
    }
  }
  return Math.abs(best) < minSkew ? 0 : best;
}

/** The mask turned by `degrees` about its centre (counter to the slant `skewAngle` found), on background. */
export function rotatedMask(mask: InkMask, degrees: number): InkMask {
  if (degrees === 0) return mask;
  const { width, height } = mask;
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const grey = new Uint8Array(width * height).fill(255);
  const ink = new Uint8Array(width * height);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    // Where this row's first pixel lies in the slanted original; each step right adds (cos, sin).
    let sx = -cos * cx - sin * (y - cy) + cx;
    let sy = -sin * cx + cos * (y - cy) + cy;
    for (let x = 0; x < width; x++, sx += cos, sy += sin) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const at = y0 * width + x0;
      const top = mask.grey[at]! * (1 - fx) + mask.grey[at + 1]! * fx;
      const bottom = mask.grey[at + width]! * (1 - fx) + mask.grey[at + width + 1]! * fx;
      grey[y * width + x] = top * (1 - fy) + bottom * fy + 0.5;
      ink[y * width + x] = mask.ink[at + (fy >= 0.5 ? width : 0) + (fx >= 0.5 ? 1 : 0)]!;
    }
  }
  return { width, height, ink, grey };
}
