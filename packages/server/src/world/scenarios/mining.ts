import { nativeAssetOf } from "../../reference/assetCatalog.ts";
import { toRaw } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { pickService, retailCustodians, share } from "./common.ts";
import { deposit } from "./custodial.ts";

// Mining pools: coinbase outputs mint new coins to the pool; the pool pays its miners in one fan-out
// transaction about daily and sells part of its coins to an exchange.

function blockReward(chain: WorldChain, time: number): number {
  switch (chain) {
    case "bitcoin":
      return time < Date.UTC(2024, 3, 20) ? 6.25 : 3.125;
    case "bitcoin-cash":
      return time < Date.UTC(2024, 3, 4) ? 6.25 : 3.125;
    case "litecoin":
      return time < Date.UTC(2023, 7, 2) ? 12.5 : 6.25;
    default:
      return 10_000;
  }
}

export function mineBlock(world: WorldState, time: number): void {
  const pools = world.servicesOf("miningPool");
  if (pools.length === 0) return;
  const pool = world.random.pick(pools);
  const chain = world.random.pick(pool.chains);
  const hot = pool.hot.get(chain) as number;
  const native = nativeAssetOf(chain);
  const fees = blockReward(chain, time) * world.random.float() * 0.05;
  // Segwit chains commit to the witness tree in an OP_RETURN output of the coinbase.
  const segwit = chain === "bitcoin" || chain === "litecoin";
  const commitment = segwit ? `aa21a9ed${Buffer.from(world.random.bytes(32)).toString("hex")}` : null;
  const amount = toRaw(blockReward(chain, time) + fees, native.decimals);
  world.ledger.transact(chain, time, [{ from: null, to: hot, asset: native, amount }], {
    feeless: true,
    opReturn: commitment,
  });
  const key = `pool:${pool.entityId}:${chain}`;
  if (!world.recurring.has(key)) {
    world.recurring.add(key);
    world.scheduler.at(world.later(time, 12, 36), (at) => payMiners(world, pool, chain, at));
  }
}

function payMiners(world: WorldState, pool: Service, chain: WorldChain, time: number): void {
  world.recurring.delete(`pool:${pool.entityId}:${chain}`);
  const hot = pool.hot.get(chain) as number;
  const native = nativeAssetOf(chain);
  let miners = pool.receivers.get(chain);
  if (miners === undefined) {
    miners = Array.from({ length: world.random.between(6, 14) }, () => world.user(chain));
    pool.receivers.set(chain, miners);
  }
  const payout = share(world, world.ledger.balance(hot, native), 0.6, 0.7);
  const paid = [...new Set(miners.filter(() => world.random.chance(0.7)))].filter((miner) => miner !== hot);
  if (paid.length > 0) {
    const each = payout / BigInt(paid.length);
    world.ledger.transact(
      chain,
      time,
      paid.map((to) => ({ from: hot, to, asset: native, amount: each })),
    );
  }
  const exchange = pickService(world, retailCustodians, chain);
  if (exchange !== undefined) {
    deposit(
      world,
      exchange,
      chain,
      native,
      hot,
      share(world, world.ledger.balance(hot, native), 0.5, 0.8),
      time,
    );
  }
}
