import { describe, expect, test } from "vitest";
import { type GlyphEvidence, glyphConfirms, glyphsContradict, misreadDigits } from "./glyphMatch.ts";
import type { GreyImage } from "./pageImage.ts";
import { type PassRead, ReadVotes } from "./uncheckedReads.ts";

// A 5×7 bitmap face for the few digits the tests draw: 0 and 8, 6 and b look alike, as in small text.
const face: Record<string, string[]> = {
  "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
  "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
  "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
  "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
  b: ["#....", "#....", "####.", "#...#", "#...#", "#...#", "####."],
};
const zoom = 3;
const advance = 6 * zoom;
const margin = 6;

/**
 * `drawn` drawn in the face, dark on light, and the glyph boxes an OCR would give for it: every
 * glyph read surely but those in `doubted`.
 */
function evidenceOf(drawn: string, doubted: readonly number[] = []): GlyphEvidence {
  const width = margin * 2 + drawn.length * advance;
  const height = margin * 2 + 7 * zoom;
  const grey = new Uint8Array(width * height).fill(255);
  for (const [index, digit] of [...drawn].entries())
    for (const [row, bits] of face[digit]!.entries())
      for (const [column, bit] of [...bits].entries())
        if (bit === "#")
          for (let y = 0; y < zoom; y++)
            for (let x = 0; x < zoom; x++)
              grey[(margin + row * zoom + y) * width + margin + index * advance + column * zoom + x] = 20;
  const image: GreyImage = { width, height, grey };
  return {
    image,
    boxes: [...drawn].map((_, index) => ({
      left: margin + index * advance,
      right: margin + index * advance + 5 * zoom,
      top: margin - 2,
      bottom: margin + 7 * zoom + 2,
    })),
    confidences: [...drawn].map((_, index) => (doubted.includes(index) ? 60 : 99)),
  };
}

describe("issue 42 doubtful digits settled by the identifier's own glyphs", () => {
  const drawn = "0816b0816b0816b";

  test("issue 42 a doubted digit drawn like the surely read ones of its digit is confirmed", () => {
    const evidence = evidenceOf(drawn, [3, 5]);
    expect(glyphConfirms(evidence, drawn, 3)).toBe(true);
    expect(glyphConfirms(evidence, drawn, 5)).toBe(true);
  });

  test("issue 42 a glyph read as another digit than the one it is drawn as is not confirmed", () => {
    // The 8 at position 1 read as 0, the 6 at position 3 read as b: the image says otherwise.
    const evidence = evidenceOf(drawn, [1, 3]);
    expect(glyphConfirms(evidence, `00${drawn.slice(2)}`, 1)).toBe(false);
    expect(glyphConfirms(evidence, `081bb${drawn.slice(5)}`, 3)).toBe(false);
  });

  test("issue 42 a digit with no surely read example elsewhere in the identifier is not confirmed", () => {
    // The only 1 of the identifier, doubted: nothing in the image to compare it with.
    const lone = "0816b0806b0806b";
    expect(glyphConfirms(evidenceOf(lone, [2]), lone, 2)).toBe(false);
    // Every 6 doubted: no example of a 6 either.
    expect(glyphConfirms(evidenceOf(drawn, [3, 8, 13]), drawn, 3)).toBe(false);
  });
});

describe("issue 42 a surely read digit the image contradicts", () => {
  const drawn = "0816b0816b0816b";

  test("issue 42 a read whose glyphs all look like their own digit's is not contradicted", () => {
    expect(glyphsContradict(evidenceOf(drawn), drawn)).toBe(false);
  });

  test("issue 42 a glyph drawn as 6 but surely read as b contradicts the read", () => {
    const misread = `081bb${drawn.slice(5)}`;
    expect(glyphsContradict(evidenceOf(drawn), misread)).toBe(true);
  });
});

describe("issue 42 digits the image shows misread", () => {
  const drawn = "0816b0816b0816b";

  test("issue 42 a glyph drawn as 6 but read as b is named with the digit it is drawn as", () => {
    expect(misreadDigits(evidenceOf(drawn), `081bb${drawn.slice(5)}`)).toEqual(new Map([[3, "6"]]));
  });

  test("issue 42 a read whose glyphs all look like their own digit's names none", () => {
    expect(misreadDigits(evidenceOf(drawn), drawn)).toEqual(new Map());
  });
});

describe("issue 42 a hash's rival settled by the image", () => {
  // A hash drawn in the face; one pass read its 4th digit (a 6, doubted) as b, a rival reading.
  const hash = "0816b".repeat(13).slice(0, 64);
  const rival = `081b${hash.slice(4)}`;
  const passOf = (identifier: string, evidence: GlyphEvidence): PassRead[] => [
    {
      identifier,
      source: "text",
      reading: "exact",
      checksummed: false,
      confidences: evidence.confidences,
      glyphs: evidence,
    },
  ];

  test("issue 42 a hash whose doubted digit its own glyphs confirm is returned, its rival not", () => {
    const votes = new ReadVotes();
    votes.add(passOf(hash, evidenceOf(hash, [3])));
    votes.add(passOf(rival, evidenceOf(hash, [3])));
    votes.add(passOf(hash, evidenceOf(hash, [3])));
    expect(votes.kept().map((read) => read.identifier)).toEqual([hash]);
  });

  test("issue 42 a sure digit the image contradicts is put right, the read returned as corrected", () => {
    // Every pass read the 9th digit, a 6, surely as b (OCR repeats a confident misread); the image
    // draws it as the identifier's other 6s, and the rival's b at the 4th digit is a 6 drawn too.
    const misread = `${hash.slice(0, 8)}b${hash.slice(9)}`;
    const misreadRival = `081b${misread.slice(4)}`;
    const votes = new ReadVotes();
    votes.add(passOf(misread, evidenceOf(hash, [3])));
    votes.add(passOf(misreadRival, evidenceOf(hash, [3])));
    votes.add(passOf(misread, evidenceOf(hash, [3])));
    expect(votes.kept()).toEqual([
      { identifier: hash, source: "text", reading: "corrected", checksummed: false },
    ]);
  });

  test("issue 42 a misread given by one pass only is not put right", () => {
    const misread = `${hash.slice(0, 8)}b${hash.slice(9)}`;
    const votes = new ReadVotes();
    votes.add(passOf(misread, evidenceOf(hash)));
    expect(votes.kept()).toEqual([]);
  });

  test("issue 42 a misread whose drawn digit has no surely read twin is not put right", () => {
    // The 9th digit, a 6 read as b; every other 6 doubted: nothing shows what a 6 looks like.
    const misread = `${hash.slice(0, 8)}b${hash.slice(9)}`;
    const doubted = [...hash].flatMap((digit, index) => (digit === "6" && index !== 8 ? [index] : []));
    const votes = new ReadVotes();
    votes.add(passOf(misread, evidenceOf(hash, doubted)));
    votes.add(passOf(misread, evidenceOf(hash, doubted)));
    expect(votes.kept()).toEqual([]);
  });

  test("issue 42 a hash and a rival neither of which the glyphs settle are both left out", () => {
    // The digit is drawn as a 6 but every 6 was doubted: nothing in the image to compare it with.
    const doubted = [...hash].flatMap((digit, index) => (digit === "6" ? [index] : []));
    const votes = new ReadVotes();
    votes.add(passOf(hash, evidenceOf(hash, doubted)));
    votes.add(passOf(rival, evidenceOf(hash, doubted)));
    votes.add(passOf(hash, evidenceOf(hash, doubted)));
    expect(votes.kept()).toEqual([]);
  });
});
