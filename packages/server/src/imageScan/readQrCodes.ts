import jsQRModule from "jsqr";
import type { DecodedImage } from "./decodeImage.ts";

// jsqr is CommonJS whose export is the function, also as its `default`; its types name only the latter.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

// A screenshot rarely holds more; each extra pass costs a full scan of the image.
const maxQrCodes = 8;

/**
 * The payloads of the QR codes in an image. jsQR finds one code a pass, so each found code is painted
 * white and the image scanned again, until none is left.
 */
export function readQrCodes(image: DecodedImage): string[] {
  const pixels = new Uint8ClampedArray(image.data);
  const payloads: string[] = [];
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
    for (let y = top; y < bottom; y++)
      pixels.fill(255, (y * image.width + left) * 4, (y * image.width + right) * 4);
  }
  return payloads;
}
