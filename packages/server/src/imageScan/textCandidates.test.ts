import { describe, expect, test } from "vitest";
import type { DecodedImage } from "./decodeImage.ts";
import { inkMaskOf, textLines } from "./textCandidates.ts";

/** An image of `width`×`height` in `background`, with `boxes` painted in `ink` (grey levels). */
function imageOf(
  width: number,
  height: number,
  boxes: Array<[left: number, top: number, w: number, h: number]>,
  colours: { background: number; ink: number } = { background: 255, ink: 20 },
): DecodedImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(colours.background);
  for (const [left, top, w, h] of boxes)
    for (let y = top; y < top + h; y++)
      for (let x = left; x < left + w; x++)
        data.fill(colours.ink, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return { width, height, data };
}

/** A "word" of `letters` glyphs 6 px wide with 1 px between them, 14 px tall (a 14 px face), from (left, top). */
function word(left: number, top: number, letters: number): Array<[number, number, number, number]> {
  return Array.from({ length: letters }, (_, index) => [left + index * 7, top, 6, 14]);
}

describe("issue 42 where the text lines are", () => {
  test("issue 42 lines of text are found apart from a block beside them", () => {
    const image = imageOf(900, 200, [
      ...word(10, 20, 5),
      ...word(70, 20, 34),
      ...word(10, 60, 12),
      [600, 40, 120, 120],
    ]);
    const lines = textLines(inkMaskOf(image));
    expect(lines).toContainEqual({ left: 10, top: 60, width: 12 * 7 - 1, height: 14 });
    expect(lines).toContainEqual({ left: 600, top: 40, width: 120, height: 120 });
  });

  test("issue 42 light text on a dark theme is found as dark text is", () => {
    const image = imageOf(500, 60, word(20, 20, 30), { background: 13, ink: 230 });
    const mask = inkMaskOf(image);
    expect(textLines(mask)).toEqual([{ left: 20, top: 20, width: 30 * 7 - 1, height: 14 }]);
    // The greyscale the OCR reads is dark on light whatever the theme.
    expect(mask.grey[0]).toBeGreaterThan(200);
  });
});
