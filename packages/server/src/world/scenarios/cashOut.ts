import type { CatalogAsset } from "../../reference/assetCatalog.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { pickService, retailCustodians } from "./common.ts";
import { deposit } from "./custodial.ts";
import { bridgeRecipient, bridgeRoute, bridgeTransfer } from "./defi.ts";
import { mix } from "./mixing.ts";
import { p2pEscrow } from "./p2p.ts";

export type CashOutRoute = "exchange" | "mixer" | "p2p" | "bridge";

/**
 * Moves the whole balance of `address` out the way criminals cash out: an exchange deposit, a mixer,
 * a P2P escrow or a bridge to another chain. A route with no party on the chain falls back to an
 * exchange.
 */
export function cashOut(
  world: WorldState,
  chain: WorldChain,
  address: number,
  asset: CatalogAsset,
  routes: readonly (readonly [CashOutRoute, number])[],
  time: number,
): void {
  const amount = world.ledger.balance(address, asset);
  if (amount === 0n) return;
  const route = world.random.weighted(routes);
  if (route === "mixer") {
    const mixer = pickService(world, ["mixer"], chain);
    if (mixer !== undefined) {
      mix(world, mixer, chain, address, asset, amount, time);
      return;
    }
  }
  if (route === "p2p") {
    const platform = pickService(world, ["p2pExchange"], chain);
    if (platform !== undefined) {
      p2pEscrow(world, platform, chain, address, asset, amount, world.user(chain), time);
      return;
    }
  }
  if (route === "bridge") {
    const hop = bridgeRoute(world, chain, asset.symbol);
    if (hop !== undefined) {
      const recipient = bridgeRecipient(world, address, chain, hop.to);
      bridgeTransfer(world, hop.bridge, chain, hop.to, address, asset, amount, recipient, time);
      return;
    }
  }
  const exchange = pickService(world, retailCustodians, chain);
  if (exchange !== undefined) deposit(world, exchange, chain, asset, address, amount, time);
}
