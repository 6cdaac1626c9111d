import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { truncateMiddle, truncateSearchTitle } from "./searchTitles.ts";

describe("002 §9 title truncation", () => {
  test("002 §9 addresses keep 10/10, transactions 16/16, creators 10/10", () => {
    const address = "0x8589427373d6d84e98730d7795d8f6f8731fda16";
    expect(truncateSearchTitle(address, "address")).toBe("0x85894273…f8731fda16");
    const hash = `0x${"0123456789abcdef".repeat(4)}`;
    expect(truncateSearchTitle(hash, "transaction")).toBe("0x0123456789abcd…0123456789abcdef");
    expect(truncateSearchTitle("Alexandra Montgomery-Smith", "creator")).toBe("Alexandra …mery-Smith");
    expect(truncateSearchTitle("Ann Lee", "creator")).toBe("Ann Lee");
  });

  test("002 §9 middle truncation keeps the head and tail and only ever shortens", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.nat(20), fc.nat(20), (text, head, tail) => {
        const characters = Array.from(text);
        const cut = truncateMiddle(text, head, tail);
        if (characters.length <= head + tail + 1) {
          expect(cut).toBe(text);
          return;
        }
        const kept = Array.from(cut);
        expect(kept).toHaveLength(head + tail + 1);
        expect(kept.slice(0, head)).toEqual(characters.slice(0, head));
        expect(kept[head]).toBe("…");
        expect(kept.slice(head + 1)).toEqual(tail === 0 ? [] : characters.slice(-tail));
      }),
    );
  });
});
