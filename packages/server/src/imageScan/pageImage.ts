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
  return Math.max(0.35, Math.min(4, wanted, fit));
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

/** The regions of the page, each scaled by `factor`, one under another on white: what a re-read sees. */
export function stackRegions(page: GreyImage, regions: readonly Box[], factor: number): GreyImage {
  const parts = regions.map((region) => scaledGrey(cropOf(page, region), factor));
  const width = Math.max(...parts.map((part) => part.width)) + 2 * stackMargin;
  const height = parts.reduce((sum, part) => sum + part.height + stackMargin, stackMargin);
  const grey = new Uint8Array(width * height).fill(255);
  let top = stackMargin;
  for (const part of parts) {
    for (let y = 0; y < part.height; y++)
      grey.set(part.grey.subarray(y * part.width, (y + 1) * part.width), (top + y) * width + stackMargin);
    top += part.height + stackMargin;
  }
  return { width, height, grey };
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
