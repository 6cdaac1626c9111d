import { expect, test } from "vitest";
import { decodeListingCursor, encodeListingCursor, listingFingerprint } from "./cursor.ts";

const listing = listingFingerprint("urn:sleuth:address:bitcoin:1A", {});

test("001 §4 a cursor reads back as written and is refused against another listing", () => {
  const cursor = {
    direction: "previous" as const,
    key: ["2020-01-01T00:00:00.000000Z", "42"] as [string, string],
    sort: { column: "timestamp" as const, direction: "desc" as const },
    listing,
  };
  const text = encodeListingCursor(cursor);
  expect(decodeListingCursor(text, listing, "other")).toEqual(cursor);
  expect(() =>
    decodeListingCursor(text, listingFingerprint("urn:sleuth:address:bitcoin:1B", {}), "other"),
  ).toThrow("other");
  expect(() => decodeListingCursor("not a cursor", listing, "other")).toThrow(/not valid/);
});
