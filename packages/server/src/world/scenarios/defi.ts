import { chainInfo } from "@sleuth/sdk";
import { assetBySymbol, assetsOnChain, type CatalogAsset } from "../../reference/assetCatalog.ts";
import { smaller } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { fundUser, heldAssets, retailUsd, share } from "./common.ts";

// DeFi: swaps against a DEX router (asset in, other asset out, in one transaction) and bridge hops
// (locked on one chain, released on another minutes later, to the same key on EVM chains).

export function dexSwap(world: WorldState, time: number): void {
  const dexes = world.servicesOf("dex");
  if (dexes.length === 0) return;
  const dex = world.random.pick(dexes);
  const chain = world.random.pick(dex.chains);
  const router = dex.hot.get(chain) as number;
  const user = world.user(chain);
  const held = heldAssets(world, user, chain);
  const sell = held.length > 0 ? world.random.pick(held) : world.assetOn(chain);
  if (!fundUser(world, chain, user, sell, retailUsd(world, 600), time)) return;
  const buy = world.random.pick(assetsOnChain(chain).filter((asset) => asset.id !== sell.id));
  const amountIn = share(world, world.ledger.balance(user, sell), 0.2, 1);
  const wanted = world.ledger.rawOf(buy, world.ledger.usdOf(sell, amountIn, time) * 0.997, time);
  const liquidity = world.ledger.balance(router, buy);
  world.ledger.transact(chain, time, [
    { from: user, to: router, asset: sell, amount: amountIn },
    { from: router, to: user, asset: buy, amount: smaller(wanted, liquidity) },
  ]);
}

/** Locks `amount` in the bridge on `from`, and releases the same value on `to` a few minutes later. */
export function bridgeTransfer(
  world: WorldState,
  bridge: Service,
  from: WorldChain,
  to: WorldChain,
  sender: number,
  asset: CatalogAsset,
  amount: bigint,
  recipient: number,
  time: number,
): void {
  const lock = bridge.hot.get(from);
  const release = bridge.hot.get(to);
  const out = assetBySymbol(to, asset.symbol);
  if (lock === undefined || release === undefined || out === undefined || sender === lock) return;
  const usd = world.ledger.usdOf(asset, amount, time);
  world.ledger.transact(from, time, [{ from: sender, to: lock, asset, amount }]);
  world.scheduler.at(world.later(time, 0.1, 0.5), (at) => {
    const wanted = world.ledger.rawOf(out, usd * 0.999, at);
    const held = world.ledger.balance(release, out);
    world.ledger.transact(to, at, [
      { from: release, to: recipient, asset: out, amount: smaller(wanted, held) },
    ]);
  });
}

/** A route for `symbol` out of `from`: a bridge serving both chains and the other chain. */
export function bridgeRoute(
  world: WorldState,
  from: WorldChain,
  symbol: string,
): { bridge: Service; to: WorldChain } | undefined {
  const routes = world
    .servicesOf("bridge")
    .flatMap((bridge) =>
      bridge.chains
        .filter((to) => to !== from && bridge.hot.has(from) && assetBySymbol(to, symbol) !== undefined)
        .map((to) => ({ bridge, to })),
    );
  return routes.length === 0 ? undefined : world.random.pick(routes);
}

/** The recipient of a bridge hop: the same key on another EVM chain, otherwise some wallet there. */
export function bridgeRecipient(world: WorldState, sender: number, from: WorldChain, to: WorldChain): number {
  const slot = world.slotOf(sender);
  const bothEvm = chainInfo(from).family === "evm" && chainInfo(to).family === "evm";
  return slot !== undefined && bothEvm ? world.userAt(to, slot) : world.user(to);
}

export function bridgeUse(world: WorldState, time: number): void {
  const bridges = world.servicesOf("bridge");
  if (bridges.length === 0) return;
  const from = world.random.pick(world.random.pick(bridges).chains);
  const symbol = world.random.pick(["USDT", "USDC"]);
  const asset = assetBySymbol(from, symbol);
  const route = bridgeRoute(world, from, symbol);
  if (asset === undefined || route === undefined) return;
  const user = world.user(from);
  if (!fundUser(world, from, user, asset, retailUsd(world, 1_500), time)) return;
  const amount = share(world, world.ledger.balance(user, asset), 0.5, 1);
  bridgeTransfer(
    world,
    route.bridge,
    from,
    route.to,
    user,
    asset,
    amount,
    bridgeRecipient(world, user, from, route.to),
    time,
  );
}
