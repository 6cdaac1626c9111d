import { assetsOnChain, type CatalogAsset } from "../../reference/assetCatalog.ts";
import type { Service, ServiceKind } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { withdraw } from "./custodial.ts";

// How activity spreads over the chains, roughly as investigators meet it.
const chainWeights: readonly (readonly [WorldChain, number])[] = [
  ["bitcoin", 24],
  ["ethereum", 22],
  ["tron", 15],
  ["bsc", 8],
  ["solana", 8],
  ["polygon", 6],
  ["litecoin", 6],
  ["dogecoin", 6],
  ["bitcoin-cash", 5],
];

export const retailCustodians: readonly ServiceKind[] = ["exchange", "hostedWallet"];

export function pickChain(world: WorldState): WorldChain {
  return world.random.weighted(chainWeights);
}

export function pickService(
  world: WorldState,
  kinds: readonly ServiceKind[],
  chain: WorldChain,
): Service | undefined {
  const candidates = world.servicesOn(kinds, chain);
  return candidates.length === 0 ? undefined : world.random.pick(candidates);
}

/** A USD amount of a typical retail movement. */
export function retailUsd(world: WorldState, median = 350, spread = 1.3): number {
  return Math.min(Math.max(world.random.logNormal(median, spread), 5), 500_000);
}

/** The assets an address holds on a chain. */
export function heldAssets(world: WorldState, address: number, chain: WorldChain): CatalogAsset[] {
  return assetsOnChain(chain).filter((asset) => world.ledger.balance(address, asset) > 0n);
}

/**
 * Makes sure `user` holds about `usd` of `asset`, withdrawing from an exchange or hosted wallet when it
 * does not; answers false when no custodian on the chain can pay.
 */
export function fundUser(
  world: WorldState,
  chain: WorldChain,
  user: number,
  asset: CatalogAsset,
  usd: number,
  time: number,
): boolean {
  if (world.usd(asset, user, time) >= usd) return true;
  const custodian = pickService(world, retailCustodians, chain);
  if (custodian === undefined) return false;
  withdraw(world, custodian, chain, asset, user, usd * (1 + world.random.float()), time);
  return world.usd(asset, user, time) > 0;
}

/** The part of a balance to move: between `min` and `max` of it. */
export function share(world: WorldState, balance: bigint, min: number, max: number): bigint {
  const basisPoints = BigInt(Math.round((min + world.random.float() * (max - min)) * 10_000));
  return (balance * basisPoints) / 10_000n;
}
