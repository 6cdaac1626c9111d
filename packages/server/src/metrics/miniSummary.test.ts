import fc from "fast-check";
import { expect, test } from "vitest";
import { isoInstant } from "./miniSummary.ts";

// PostgreSQL's JSON spelling of a timestamptz in a UTC session: a fraction of up to six digits, only
// when it is not zero.
const postgresUtc = (micros: number) => {
  const date = new Date(Math.floor(micros / 1000));
  const fraction = String(micros % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return `${date.toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ""}+00:00`;
};

test("000 §3 active dates: PostgreSQL's UTC timestamps read as the instant Date reads", () => {
  const micros = fc.integer({ min: Date.UTC(2009, 0, 3) * 1000, max: Date.UTC(2099, 0, 1) * 1000 });
  fc.assert(
    fc.property(micros, (value) => {
      const text = postgresUtc(value);
      expect(isoInstant(text)).toBe(new Date(text).toISOString());
    }),
  );
});

test("000 §3 active dates: other offsets and Dates go through Date; null stays null", () => {
  expect(isoInstant("2024-01-05T23:10:00+01:00")).toBe("2024-01-05T22:10:00.000Z");
  expect(isoInstant(new Date(Date.UTC(2024, 0, 5)))).toBe("2024-01-05T00:00:00.000Z");
  expect(isoInstant(null)).toBeNull();
});
