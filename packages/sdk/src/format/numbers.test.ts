import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  formatBalance,
  formatMoney,
  formatPercentage,
  formatPortfolioValue,
  percentageOf,
  smallPercentageLabel,
} from "./numbers.ts";

const fromDisplay = (text: string) => Number(text.replace(/[$,+]/g, ""));

describe("000 §9 money", () => {
  test("000 §9 money shows 2 decimals", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(-0.004)).toBe("$0.00");
    expect(formatMoney(-12)).toBe("-$12.00");
  });

  test("000 §9 money always has exactly 2 decimals and rounds to the cent", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (usd) => {
        const text = formatMoney(usd);
        expect(text).toMatch(/^-?\$[\d,]+\.\d{2}$/);
        expect(Math.abs(fromDisplay(text.replace("-$", "-")) - usd)).toBeLessThanOrEqual(0.005 + 1e-3);
      }),
    );
  });
});

describe("000 §9 portfolio display", () => {
  test("000 §9 1e12 or more shows '1 Trillion+'", () => {
    expect(formatPortfolioValue(1e12)).toBe("1 Trillion+");
    expect(formatPortfolioValue(5e15, { estimated: true })).toBe("1 Trillion+");
    expect(formatPortfolioValue(999_999_999_999)).toBe("$999,999,999,999.00");
  });

  test("000 §9 estimated balances get a plus suffix", () => {
    expect(formatPortfolioValue(10, { estimated: true })).toBe("$10.00+");
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e12, maxExcluded: true, noNaN: true }),
        fc.boolean(),
        (usd, estimated) => {
          const text = formatPortfolioValue(usd, { estimated });
          expect(text.endsWith("+")).toBe(estimated);
          expect(text.replace(/\+$/, "")).toBe(formatMoney(usd));
        },
      ),
    );
  });
});

describe("001 §9 balances", () => {
  test("001 §9 balances are shown to 8 decimals", () => {
    expect(formatBalance(0.123456789)).toBe("0.12345679");
    expect(formatBalance(1.5)).toBe("1.5");
    expect(formatBalance("12345678901234567.123456789")).toBe("12,345,678,901,234,567.12345679");
    expect(formatBalance("not a number")).toBe("—");
  });

  test("001 §9 a balance never shows more than 8 decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        const decimals = formatBalance(amount).split(".")[1] ?? "";
        expect(decimals.length).toBeLessThanOrEqual(8);
      }),
    );
  });
});

describe("001 §9 percentages", () => {
  test("001 §9 values below 0.1% are shown as '<0.1%'", () => {
    expect(formatPercentage(0.05)).toBe("<0.1%");
    expect(formatPercentage(0.1)).toBe("0.1%");
    expect(formatPercentage(0)).toBe("0.0%");
    expect(formatPercentage(12.123456789)).toBe("12.1234568%");
  });

  test("001 §9 percentages show 1 to 7 decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (value) => {
        const text = formatPercentage(value);
        if (value > 0 && value < 0.1) {
          expect(text).toBe(smallPercentageLabel);
          return;
        }
        expect(text).toMatch(/^[\d,]+\.\d{1,7}%$/);
        expect(Math.abs(Number(text.replace(/[,%]/g, "")) - value)).toBeLessThanOrEqual(5e-8);
      }),
    );
  });

  test("000 §9 a denominator below 1e-10 gives 0 %", () => {
    expect(percentageOf(5, 1e-11)).toBe(0);
    expect(percentageOf(1, 4)).toBe(25);
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }),
        fc.double({ min: -1e-10, max: 1e-10, maxExcluded: true }),
        (part, total) => {
          fc.pre(Math.abs(total) < 1e-10);
          expect(percentageOf(part, total)).toBe(0);
        },
      ),
    );
  });
});
