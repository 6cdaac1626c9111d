import fc from "fast-check";
import { expect, test } from "vitest";
import { showMorePage, truncateRequestQuery, truncateTag, truncateText } from "./text.ts";

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
