import { describe, expect, test } from "vitest";
import { typicalLineHeight } from "./pageImage.ts";
import { withoutBoxes } from "./readQrCodes.ts";
import type { InkMask } from "./textCandidates.ts";

/**
 * A light page (grey 230) holding a QR-like block of thin module rows (6 px tall, 4 px apart) and
 * three lines of text 14 px tall under it.
 */
function pageWithCode(): InkMask {
  const width = 400;
  const height = 300;
  const ink = new Uint8Array(width * height);
  const grey = new Uint8Array(width * height).fill(230);
  const paint = (left: number, top: number, right: number, bottom: number) => {
    for (let y = top; y < bottom; y++)
      for (let x = left; x < right; x++) {
        ink[y * width + x] = 1;
        grey[y * width + x] = 20;
      }
  };
  for (let row = 0; row < 10; row++) paint(20, 20 + row * 10, 120, 26 + row * 10);
  for (let line = 0; line < 3; line++)
    for (let glyph = 0; glyph < 30; glyph++)
      paint(20 + glyph * 10, 140 + line * 30, 27 + glyph * 10, 154 + line * 30);
  return { width, height, ink, grey };
}

describe("issue 42 the page is read with its QR codes painted over", () => {
  test("issue 42 a QR code's rows no longer pass for small text, and its pixels take the page's background", () => {
    const page = pageWithCode();
    expect(typicalLineHeight(page)).toBe(6);
    const painted = withoutBoxes(page, [{ left: 15, top: 15, width: 110, height: 105 }]);
    expect(typicalLineHeight(painted)).toBe(14);
    expect(painted.grey[40 * page.width + 50]).toBe(230);
    expect(painted.ink[40 * page.width + 50]).toBe(0);
    // The text and the mask it came from are untouched.
    expect(painted.grey[145 * page.width + 22]).toBe(20);
    expect(page.grey[40 * page.width + 50]).toBe(20);
  });
});
