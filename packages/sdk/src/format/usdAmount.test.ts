import { expect, test } from "vitest";
import {
  unknownBalanceText,
  unknownUsdText,
  usdCsvCell,
  usdFloorText,
  usdText,
  usdTotalText,
} from "./usdAmount.ts";

test("issue 43 an unknown USD value reads as unknown, never $0.00", () => {
  expect(usdText(null)).toBe(unknownUsdText);
  expect(usdText(undefined)).toBe(unknownUsdText);
  expect(usdText(0)).toBe("$0.00");
  expect(usdText(1234.5)).toBe("$1,234.50");
  expect(usdCsvCell(null)).toBe("");
  expect(usdCsvCell(12.5)).toBe("12.5");
});

test("issue 43 a total over partly priced transfers says it is a lower bound", () => {
  expect(usdTotalText({ usd: 1500, transfers: 10, unpriced: 0 })).toBe("$1,500.00");
  expect(usdTotalText({ usd: 1500, transfers: 10, unpriced: 3 })).toBe(
    "at least $1,500.00; 3 of 10 transfers have no USD price",
  );
  expect(usdTotalText({ usd: null, transfers: 141, unpriced: 141 })).toBe(
    "unknown: none of the 141 transfers has a USD price",
  );
  expect(usdTotalText({ usd: null, transfers: 1, unpriced: 1 })).toBe(
    "unknown: its transfer has no USD price",
  );
});

test("issue 43 an unknown balance says why: no price, or an imported history that shows no holding", () => {
  expect(unknownBalanceText(2)).toBe("unknown: no price for what it holds");
  expect(unknownBalanceText(0)).toBe("unknown: its imported transfers do not show what it holds");
});

test("issue 43 an exposure side with unpriced transfers reads as a floor, or unknown when none was priced", () => {
  expect(usdFloorText(1234.5, 0)).toBe("$1,234.50");
  expect(usdFloorText(1234.5, undefined)).toBe("$1,234.50");
  expect(usdFloorText(1234.5, 3)).toBe("at least $1,234.50");
  expect(usdFloorText(0, 3)).toBe("no price");
  expect(usdFloorText(0, 0)).toBe("$0.00");
});
