import type { ChainId } from "@sleuth/sdk";

// The demo world's chains and how they tick: the generator's alone (reference/assetCatalog.ts holds
// the assets every store knows).

/** The chains the demo world puts activity on (the registry's other chains are listed, but quiet). */
export const worldChains = [
  "bitcoin",
  "ethereum",
  "tron",
  "litecoin",
  "bitcoin-cash",
  "dogecoin",
  "polygon",
  "bsc",
  "solana",
] as const satisfies readonly ChainId[];
export type WorldChain = (typeof worldChains)[number];

/** How the world's chains tick and charge: block interval, a height near the world's start, fees. */
export interface ChainClock {
  blockSeconds: number;
  /** The block height at 2023-01-01T00:00:00Z, near the chain's real height then. */
  heightAt2023: number;
  /** Typical fee in the native asset's whole units. */
  typicalFee: number;
}

export const chainClocks: Readonly<Record<WorldChain, ChainClock>> = {
  bitcoin: { blockSeconds: 600, heightAt2023: 769_787, typicalFee: 0.00008 },
  ethereum: { blockSeconds: 12, heightAt2023: 16_308_190, typicalFee: 0.0015 },
  tron: { blockSeconds: 3, heightAt2023: 46_790_000, typicalFee: 1.1 },
  litecoin: { blockSeconds: 150, heightAt2023: 2_405_000, typicalFee: 0.0001 },
  "bitcoin-cash": { blockSeconds: 600, heightAt2023: 771_000, typicalFee: 0.000005 },
  dogecoin: { blockSeconds: 60, heightAt2023: 4_560_000, typicalFee: 0.02 },
  polygon: { blockSeconds: 2, heightAt2023: 37_520_000, typicalFee: 0.01 },
  bsc: { blockSeconds: 3, heightAt2023: 24_393_000, typicalFee: 0.0004 },
  solana: { blockSeconds: 0.4, heightAt2023: 168_400_000, typicalFee: 0.000005 },
};

export const epoch2023 = Date.UTC(2023, 0, 1);
