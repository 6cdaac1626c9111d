import { chainInfo } from "@sleuth/sdk";
import { assetsOnChain, type CatalogAsset, nativeAssetOf } from "../../reference/assetCatalog.ts";
import { type Edge, smaller } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";

// Custodial parties (exchanges, hosted wallets, gambling sites, markets, sanctioned exchanges): each
// customer gets a deposit address, deposits are swept to the hot wallet in batches, withdrawals
// leave from the hot wallet, topped up from cold storage when it runs low.

/** Pays `usd` of `asset` from a party's hot wallet; answers the raw amount sent. */
export function withdraw(
  world: WorldState,
  service: Service,
  chain: WorldChain,
  asset: CatalogAsset,
  to: number,
  usd: number,
  time: number,
): bigint {
  const hot = service.hot.get(chain);
  if (hot === undefined || hot === to) return 0n;
  const { ledger } = world;
  let amount = ledger.rawOf(asset, usd, time);
  const cold = service.cold.get(chain);
  if (ledger.balance(hot, asset) < amount && cold !== undefined) {
    const topUp = smaller(ledger.balance(cold, asset), amount * 4n);
    ledger.transact(chain, time, [{ from: cold, to: hot, asset, amount: topUp }]);
  }
  amount = smaller(amount, ledger.balance(hot, asset));
  ledger.transact(chain, time, [{ from: hot, to, asset, amount }]);
  return amount;
}

/** A customer pays into its deposit address at the party; the deposit is swept later. */
export function deposit(
  world: WorldState,
  service: Service,
  chain: WorldChain,
  asset: CatalogAsset,
  customer: number,
  amount: bigint,
  time: number,
): number {
  const address = world.depositAddress(service, chain, customer, time);
  if (address === customer) return address;
  world.ledger.transact(chain, time, [{ from: customer, to: address, asset, amount }]);
  queueSweep(world, service, chain, address, time);
  return address;
}

/** Remembers a deposit address for the party's next sweep, scheduling one when none is due. */
export function queueSweep(
  world: WorldState,
  service: Service,
  chain: WorldChain,
  address: number,
  time: number,
): void {
  let pending = service.pendingSweeps.get(chain);
  if (pending === undefined) {
    pending = new Set();
    service.pendingSweeps.set(chain, pending);
  }
  const first = pending.size === 0;
  pending.add(address);
  if (first) world.scheduler.at(world.later(time, 1, 8), (at) => sweep(world, service, chain, at));
}

/** Moves every pending deposit to the hot wallet: one consolidating transaction on UTXO chains. */
function sweep(world: WorldState, service: Service, chain: WorldChain, time: number): void {
  const pending = [...(service.pendingSweeps.get(chain) ?? [])];
  service.pendingSweeps.set(chain, new Set());
  const hot = service.hot.get(chain);
  if (hot === undefined) return;
  const { ledger } = world;
  if (chainInfo(chain).family === "utxo") {
    const native = nativeAssetOf(chain);
    const edges: Edge[] = pending.map((from) => ({
      from,
      to: hot,
      asset: native,
      amount: ledger.balance(from, native),
    }));
    ledger.transact(chain, time, edges);
  } else {
    for (const from of pending) {
      for (const asset of assetsOnChain(chain)) {
        ledger.transact(chain, time, [{ from, to: hot, asset, amount: ledger.balance(from, asset) }]);
      }
    }
  }
  const cold = service.cold.get(chain);
  if (cold !== undefined && world.random.chance(0.25)) {
    for (const asset of assetsOnChain(chain)) {
      ledger.transact(chain, time, [{ from: hot, to: cold, asset, amount: ledger.balance(hot, asset) / 2n }]);
    }
  }
}
