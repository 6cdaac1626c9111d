import { describe, expect, test } from "vitest";
import type { GreyImage } from "./pageImage.ts";
import type { TextLine } from "./readText.ts";
import { rereadRegions } from "./scanImage.ts";

/** A line the page pass read, its glyphs 10 px apart, `top` px down the page. */
function lineAt(text: string, top: number): TextLine {
  return {
    text,
    confidences: text.split("").map(() => 90),
    glyphs: text
      .split("")
      .map((glyph, index) => (glyph === " " ? null : { left: index * 10, right: index * 10 + 8 })),
    left: 40,
    top,
    right: 40 + text.length * 10,
    bottom: top + 20,
  };
}

const page: GreyImage = { width: 400, height: 300, grey: new Uint8Array(400 * 300).fill(255) };

describe("issue 42 the lines a scan reads again", () => {
  test("issue 42 a wrapped EIP-55 address whose capitals fall on its last lines is read again whole, in either case", () => {
    // A phone wraps 0xa3a08225A2…: its first line holds one capital, too few to say EIP-55 alone.
    const lines = [
      lineAt("To", 0),
      lineAt("0xa3a08225A2432307", 30),
      lineAt("45544234540b005A8d", 58),
      lineAt("0c1CEE", 86),
    ];
    const regions = rereadRegions(lines, [], 1, page);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.alphabet).toBe("hex");
    expect(regions[0]!.top).toBeLessThanOrEqual(30);
    expect(regions[0]!.top + regions[0]!.height).toBeGreaterThanOrEqual(106);
  });

  test("issue 42 a wrapped lowercase hash is read again in lowercase hex, a label below it left out", () => {
    const lines = [
      lineAt("4a5e1e4baab89f3a32518a88", 0),
      lineAt("c31bc87f618f76673e2cc77a", 28),
      lineAt("b2127b7afdeda33b", 56),
      lineAt("Amount", 84),
    ];
    const regions = rereadRegions(lines, [], 1, page);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.alphabet).toBe("hexLower");
    expect(regions[0]!.top + regions[0]!.height).toBeLessThan(84);
  });
});
