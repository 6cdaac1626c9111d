import { expect, test } from "vitest";
import { missingValueText } from "./numbers.ts";
import { formatUsdVolume } from "./usdVolume.ts";

test("002 §9 volumes under a dollar show raw; a missing price is not $0.00", () => {
  expect(formatUsdVolume(0.004213)).toBe("$0.004213");
  expect(formatUsdVolume(-0.5)).toBe("-$0.5");
  expect(formatUsdVolume(1234.5)).toBe("$1,234.50");
  expect(formatUsdVolume(0)).toBe("$0.00");
  expect(formatUsdVolume(null)).toBe(missingValueText);
});
