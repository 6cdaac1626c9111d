import jsQRModule from "jsqr";
import type { DecodedImage } from "./decodeImage.ts";
import type { Box, InkMask } from "./textCandidates.ts";

// jsqr is CommonJS whose export is the function, also as its `default`; its types name only the latter.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

// A screenshot rarely holds more; each extra pass costs a full scan of the image.
const maxQrCodes = 8;

/** The QR codes of an image: their payloads, and where each stands (its modules and a margin). */
export interface QrCodes {
  payloads: string[];
  boxes: Box[];
}

/**
 * The payloads of the QR codes in an image. jsQR finds one code a pass, so each found code is painted
 * white and the image scanned again, until none is left.
 */
export function readQrCodes(image: DecodedImage): QrCodes {
  const pixels = new Uint8ClampedArray(image.data);
  const payloads: string[] = [];
  const boxes: Box[] = [];
  for (let pass = 0; pass < maxQrCodes; pass++) {
    const code = jsQR(pixels, image.width, image.height, { inversionAttempts: "attemptBoth" });
    if (code === null) break;
    payloads.push(code.data);
    const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
    const xs = [topLeftCorner.x, topRightCorner.x, bottomLeftCorner.x, bottomRightCorner.x];
    const ys = [topLeftCorner.y, topRightCorner.y, bottomLeftCorner.y, bottomRightCorner.y];
    // The corners are the modules' centres of the finder patterns' outer edge; a margin covers the rest.
    const margin = Math.ceil((Math.max(...xs) - Math.min(...xs)) / 10);
    const left = Math.max(0, Math.floor(Math.min(...xs)) - margin);
    const right = Math.min(image.width, Math.ceil(Math.max(...xs)) + margin);
    const top = Math.max(0, Math.floor(Math.min(...ys)) - margin);
    const bottom = Math.min(image.height, Math.ceil(Math.max(...ys)) + margin);
    boxes.push({ left, top, width: right - left, height: bottom - top });
    for (let y = top; y < bottom; y++)
      pixels.fill(255, (y * image.width + left) * 4, (y * image.width + right) * 4);
  }
  return { payloads, boxes };
}

/**
 * The ink mask with each box painted over in the background just around it. Issue 42: beside a QR
 * code's block of modules tesseract misjudges the page's text (a clean address line comes out as
 * letters of no identifier), and its rows pass for lines of text in the line-height estimate.
 */
export function withoutBoxes(mask: InkMask, boxes: readonly Box[]): InkMask {
  if (boxes.length === 0) return mask;
  const grey = new Uint8Array(mask.grey);
  const ink = new Uint8Array(mask.ink);
  for (const box of boxes) {
    // The background is the commonest grey of the ring of pixels just outside the box.
    const counts = new Uint32Array(256);
    const at = (x: number, y: number) => {
      if (x >= 0 && y >= 0 && x < mask.width && y < mask.height) counts[mask.grey[y * mask.width + x]!]!++;
    };
    const right = box.left + box.width;
    const bottom = box.top + box.height;
    for (let x = box.left - 2; x <= right + 1; x++) {
      at(x, box.top - 2);
      at(x, bottom + 1);
    }
    for (let y = box.top - 2; y <= bottom + 1; y++) {
      at(box.left - 2, y);
      at(right + 1, y);
    }
    const background = counts.indexOf(Math.max(...counts));
    for (let y = Math.max(0, box.top); y < Math.min(mask.height, bottom); y++) {
      const from = y * mask.width + Math.max(0, box.left);
      const to = y * mask.width + Math.min(mask.width, right);
      grey.fill(background, from, to);
      ink.fill(0, from, to);
    }
  }
  return { ...mask, grey, ink };
}
