import { type CatalogAsset, catalogAssets } from "../reference/assetCatalog.ts";
import { Random } from "./random.ts";
import { dayMs, worldEnd } from "./scales.ts";
import { epoch2023 } from "./worldChains.ts";

// Daily USD prices from 2023-01-01 to the world's end: a mean-reverting walk around a path between
// each coin's rough real price at both ends, so charts look plausible and every scale agrees on the
// price of a day.

const pricePaths: Readonly<Record<string, readonly [number, number]>> = {
  BTC: [16_600, 107_000],
  ETH: [1_200, 2_500],
  TRX: [0.055, 0.27],
  LTC: [75, 85],
  BCH: [100, 480],
  DOGE: [0.07, 0.17],
  POL: [0.76, 0.19],
  BNB: [245, 650],
  SOL: [10, 150],
  AVAX: [11, 18],
  USDT: [1, 1],
  USDC: [1, 1],
  DAI: [1, 1],
};

const totalDays = Math.floor((worldEnd - epoch2023) / dayMs) + 1;

function priceSeries(symbol: string, seed: number): Float64Array {
  const [from, to] = pricePaths[symbol] ?? [1, 1];
  const stable = from === 1 && to === 1;
  const random = new Random(seed, `price:${symbol}`);
  const series = new Float64Array(totalDays);
  let deviation = 0;
  for (let day = 0; day < totalDays; day++) {
    const share = day / (totalDays - 1);
    const path = Math.exp(Math.log(from) + (Math.log(to) - Math.log(from)) * share);
    deviation = deviation * 0.97 + random.logNormal(1, stable ? 0.0004 : 0.035) - 1;
    series[day] = Number((path * Math.exp(deviation)).toPrecision(stable ? 5 : 7));
  }
  return series;
}

export class PriceBook {
  readonly #series = new Map<string, Float64Array>();

  constructor(seed: number) {
    for (const symbol of new Set(catalogAssets.map((asset) => asset.priceSymbol))) {
      this.#series.set(symbol, priceSeries(symbol, seed));
    }
  }

  /** The USD price of one whole unit on the UTC day of `time` (ms). */
  usd(asset: CatalogAsset, time: number): number {
    const series = this.#series.get(asset.priceSymbol);
    if (series === undefined) throw new RangeError(`No prices for ${asset.priceSymbol}`);
    const day = Math.min(Math.max(Math.floor((time - epoch2023) / dayMs), 0), totalDays - 1);
    return series[day] as number;
  }
}

/** "YYYY-MM-DD" of the UTC day of `time`. */
export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
