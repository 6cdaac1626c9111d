import fc from "fast-check";
import { expect, test } from "vitest";
import { countedNoun, showMorePage, truncateRequestQuery, truncateTag, truncateText } from "./text.ts";

test("000 §9 tag names show 20 characters by default", () => {
  expect(truncateTag("Binance Hot Wallet 12345")).toBe("Binance Hot Wallet 1…");
  expect(truncateTag("Short tag")).toBe("Short tag");
});

test("000 §9 the request-information query is cut to 20 characters", () => {
  expect(truncateRequestQuery("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh")).toBe("bc1qxy2kgdygjrsqtzq2…");
});

test("000 §9 truncation keeps at most the limit and never splits a character", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme-composite" }), fc.integer({ min: 1, max: 40 }), (text, max) => {
      const cut = truncateText(text, max);
      if (Array.from(text).length <= max) expect(cut).toBe(text);
      else {
        expect(cut.endsWith("…")).toBe(true);
        expect(Array.from(cut).length).toBeLessThanOrEqual(max + 1);
        expect(text.startsWith(cut.slice(0, -1))).toBe(true);
      }
    }),
  );
});

test("000 §9 'show more' reveals 10 more tags at a time", () => {
  const tags = Array.from({ length: 25 }, (_, i) => `tag ${i}`);
  expect(showMorePage(tags, 1)).toMatchObject({ hiddenCount: 15 });
  expect(showMorePage(tags, 2).visible).toHaveLength(20);
  expect(showMorePage(tags, 3)).toMatchObject({ hiddenCount: 0 });
});

test("issue 39 a count reads with its noun in the singular for one only", () => {
  expect(countedNoun(1, "node")).toBe("1 node");
  expect(countedNoun(0, "node")).toBe("0 nodes");
  expect(countedNoun(2, "edge")).toBe("2 edges");
  expect(countedNoun(1250, "node")).toBe("1,250 nodes");
  expect(countedNoun(1, "address", "addresses")).toBe("1 address");
  expect(countedNoun(3, "address", "addresses")).toBe("3 addresses");
});
