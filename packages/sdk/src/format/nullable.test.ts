import { expect, test } from "vitest";
import { utcDateTimePattern } from "./dates.ts";
import { countText, dateText, moneyText, textOrMissing } from "./nullable.ts";
import { missingValueText } from "./numbers.ts";

test("000 §9 a missing count, amount, date or text shows the missing-value dash; a present one is formatted", () => {
  for (const format of [countText, moneyText, dateText, textOrMissing] as ((
    value: null | undefined,
  ) => string)[]) {
    expect(format(null)).toBe(missingValueText);
    expect(format(undefined)).toBe(missingValueText);
  }
  expect(countText(12345)).toBe("12,345");
  expect(countText(0)).toBe("0");
  expect(moneyText(1234.5)).toBe("$1,234.50");
  expect(dateText("2024-01-05T23:10:00Z")).toBe("2024-01-05");
  expect(dateText("2024-01-05T23:10:00Z", utcDateTimePattern)).toMatch(/^2024-01-05/);
  expect(textOrMissing("Binance")).toBe("Binance");
  expect(textOrMissing("")).toBe(missingValueText);
});
