import type { CatalogAsset } from "../../reference/assetCatalog.ts";
import { categoryByKey } from "../../taxonomy/categories.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { pickService, retailCustodians, share } from "./common.ts";
import { deposit, queueSweep } from "./custodial.ts";

// Peel chains: a large balance moves hop after hop to fresh change addresses, peeling a small part
// to an exchange deposit address at each hop. Each hop address carries a behavioural signature.

function tagPeel(world: WorldState, address: number, time: number): void {
  world.tags.signature(address, {
    categoryId: categoryByKey("mixing").id,
    signatureId: "peel-chain",
    signatureName: "Peel chain",
    signatureDescription:
      "Spends nearly all of its balance to a fresh change address while peeling a small amount to a service, hop after hop.",
    evidence: "Found by the peel-chain heuristic on the address's spending pattern.",
    confidence: "heuristic",
    time,
  });
}

/** Starts a peel chain with the whole balance of `from`. */
export function peelChain(
  world: WorldState,
  chain: WorldChain,
  from: number,
  asset: CatalogAsset,
  time: number,
): void {
  const first = world.fresh(chain);
  tagPeel(world, first, time);
  const recorded = world.highlights.peelChain.length === 0;
  if (recorded) world.highlights.peelChain.push(first);
  world.ledger.transact(chain, time, [{ from, to: first, asset, amount: world.ledger.balance(from, asset) }]);
  const hops = world.random.between(4, 10);
  world.scheduler.at(world.later(time, 2, 12), (at) =>
    hop(world, chain, first, asset, 1, hops, recorded, at),
  );
}

function hop(
  world: WorldState,
  chain: WorldChain,
  current: number,
  asset: CatalogAsset,
  index: number,
  hops: number,
  recorded: boolean,
  time: number,
): void {
  const exchange = pickService(world, retailCustodians, chain);
  if (exchange === undefined) return;
  const balance = world.ledger.balance(current, asset);
  if (index >= hops || world.ledger.usdOf(asset, balance, time) < 2_000) {
    deposit(world, exchange, chain, asset, current, balance, time);
    return;
  }
  const peel = share(world, balance, 0.05, 0.2);
  const target = world.depositAddress(exchange, chain, current, time);
  const next = world.fresh(chain);
  tagPeel(world, next, time);
  if (recorded) world.highlights.peelChain.push(next);
  world.ledger.transact(chain, time, [
    { from: current, to: target, asset, amount: peel },
    { from: current, to: next, asset, amount: balance - peel },
  ]);
  queueSweep(world, exchange, chain, target, time);
  world.scheduler.at(world.later(time, 2, 12), (at) =>
    hop(world, chain, next, asset, index + 1, hops, recorded, at),
  );
}
