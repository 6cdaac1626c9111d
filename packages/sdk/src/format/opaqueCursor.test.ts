import { expect, test } from "vitest";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaqueCursor.ts";

test("001 §4 a cursor reads back as written, whatever its text, and is URL-safe", () => {
  for (const value of [
    ["2020-01-01T00:00:00.000000Z", "42"],
    { offset: 25 },
    { v: 1, l: "Zürich ✓ 𝔸", k: [-1, "9"] },
    "",
    0,
  ]) {
    const text = encodeOpaqueCursor(value);
    expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(decodeOpaqueCursor(text)).toEqual(value);
  }
});

test("001 §4 a cursor reads the same as Node's base64url of its JSON, so cursors already handed out still work", () => {
  const value = { offset: 1000, note: "é>?~" };
  const nodeText = Buffer.from(JSON.stringify(value)).toString("base64url");
  expect(encodeOpaqueCursor(value)).toBe(nodeText);
  expect(decodeOpaqueCursor(nodeText)).toEqual(value);
});

test("001 §4 text that is not a cursor reads as null", () => {
  for (const text of ["not a cursor", "%%%", "a", encodeOpaqueCursor("x").slice(1), "_-_-"]) {
    expect(decodeOpaqueCursor(text)).toBeNull();
  }
  // Bytes that are not UTF-8 are refused rather than read with replacement characters.
  expect(decodeOpaqueCursor(Buffer.from([0x22, 0xff, 0x22]).toString("base64url"))).toBeNull();
});
