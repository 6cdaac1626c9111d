import { expect, test } from "vitest";
import { priceFileAsset, priceSourceText, transferUsdCents } from "./priceFiles.ts";

test("issue 43 a price file's name gives its asset, and its source names the file and format", () => {
  expect(priceFileAsset("eth.csv")).toBe("ETH");
  expect(priceFileAsset("/data/btc.csv.gz")).toBe("BTC");
  expect(priceFileAsset(".csv")).toBeNull();
  expect(priceSourceText("coinmetrics-csv", "eth.csv")).toBe("eth.csv, Coin Metrics CSV");
  expect(priceSourceText("coingecko-json", null)).toBe("CoinGecko market_chart JSON upload");
});

test("issue 43 a transfer's USD is amount × price exactly, rounded to the cent half away from zero", () => {
  // 1 ether at $19.7310011223344.
  expect(transferUsdCents(10n ** 18n, 18, "19.7310011223344")).toBe(1973n);
  // 0.5 cent exactly rounds up; just under stays down.
  expect(transferUsdCents(5n, 3, "1")).toBe(1n);
  expect(transferUsdCents(4999n, 6, "1")).toBe(0n);
  // Whole units with few decimals: no rounding at all.
  expect(transferUsdCents(3n, 0, "2.5")).toBe(750n);
  expect(() => transferUsdCents(1n, 18, "-1")).toThrow(RangeError);
});
