import { describe, expect, test } from "vitest";
import { type GreyImage, rotatedMask, skewAngle, stackRegions, thickenedGrey } from "./pageImage.ts";
import type { InkMask } from "./textCandidates.ts";

/**
 * A page of `lines` lines of "glyphs" (6 px wide, 14 px tall, 2 px apart), turned `degrees`
 * clockwise about the page's centre: a card drawn at a slant.
 */
function slantedPage(degrees: number, lines = 8): InkMask {
  const width = 900;
  const height = 400;
  const ink = new Uint8Array(width * height);
  const grey = new Uint8Array(width * height).fill(255);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let line = 0; line < lines; line++) {
    const top = 60 + line * 36;
    for (let x = 100; x < 800; x++) {
      if (x % 8 >= 6) continue;
      for (let y = top; y < top + 14; y++) {
        const at = Math.round(y + (x - width / 2) * slope) * width + x;
        ink[at] = 1;
        grey[at] = 20;
      }
    }
  }
  return { width, height, ink, grey };
}

/** The spread of the rows each line's ink takes: small when the lines run level. */
function rowsOfFirstLine(mask: InkMask): number {
  const rows = new Set<number>();
  for (let y = 40; y < 90; y++)
    for (let x = 0; x < mask.width; x++) if (mask.ink[y * mask.width + x]) rows.add(y);
  return rows.size;
}

describe("issue 42 a page whose text runs at a slant is read level", () => {
  test("issue 42 the slant of rotated text is found within a tenth of a degree either way", () => {
    for (const degrees of [-2.7, -1, 1.4, 3])
      expect(Math.abs(skewAngle(slantedPage(degrees)) - degrees)).toBeLessThan(0.15);
  });

  test("issue 42 level text and a blank page are left as they are", () => {
    expect(skewAngle(slantedPage(0))).toBe(0);
    expect(skewAngle(slantedPage(0, 0))).toBe(0);
  });

  test("issue 42 the page turned back runs level: each line takes its own rows", () => {
    const slanted = slantedPage(2);
    expect(rowsOfFirstLine(slanted)).toBeGreaterThan(30);
    expect(rowsOfFirstLine(rotatedMask(slanted, skewAngle(slanted)))).toBeLessThanOrEqual(17);
  });
});

describe("issue 42 a value cut out of a grey card is re-read on white", () => {
  test("issue 42 a region's grey background comes out white in the stack, its ink still dark", () => {
    // A grey card (208) holding a dark stroke (68), as a low-contrast screen draws a value.
    const width = 60;
    const height = 20;
    const grey = new Uint8Array(width * height).fill(208);
    for (let y = 5; y < 15; y++) for (let x = 10; x < 40; x++) grey[y * width + x] = 68;
    const page: GreyImage = { width, height, grey };
    const { image, parts } = stackRegions(page, [{ left: 0, top: 0, width, height }], 1);
    const [top] = parts[0]!;
    const at = (x: number, y: number) => image.grey[(top + y) * image.width + 24 + x]!;
    expect(at(2, 2)).toBe(255);
    expect(at(50, 18)).toBe(255);
    expect(at(20, 10)).toBeLessThan(100);
  });
});

describe("issue 42 thin strokes thickened for a re-read", () => {
  test("issue 42 a one-pixel stroke comes out two pixels wide and the background stays light", () => {
    const width = 8;
    const height = 6;
    const grey = new Uint8Array(width * height).fill(240);
    for (let y = 1; y < 5; y++) grey[y * width + 4] = 10;
    const thick = thickenedGrey({ width, height, grey });
    expect([...thick.grey.slice(2 * width, 3 * width)]).toEqual([240, 240, 240, 10, 10, 240, 240, 240]);
    expect(thick.grey[5 * width + 1]).toBe(240);
  });
});
