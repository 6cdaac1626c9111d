import { assetsOnChain, isStablecoin } from "../../reference/assetCatalog.ts";
import type { Edge } from "../ledger.ts";
import type { ServiceKind } from "../services.ts";
import type { WorldState } from "../worldState.ts";

// The world opens mid-history: parties that pay out from the first day hold balances minted at the
// world's first instant (no counterparty, like a coinbase). Median USD per asset and wallet.
const openingUsd: Partial<Record<ServiceKind, number>> = {
  exchange: 30_000_000,
  hostedWallet: 5_000_000,
  sanctionedExchange: 3_000_000,
  gambling: 1_000_000,
  darknetMarket: 200_000,
  p2pExchange: 500_000,
  mixer: 500_000,
  dex: 8_000_000,
  bridge: 10_000_000,
};

export function openBalances(world: WorldState): void {
  for (const service of world.services) {
    const median = openingUsd[service.kind];
    if (median === undefined) continue;
    for (const chain of service.chains) {
      const wallet = service.cold.get(chain) ?? service.hot.get(chain);
      if (wallet === undefined) continue;
      const edges: Edge[] = assetsOnChain(chain)
        .filter((asset) => service.kind !== "mixer" || asset.contract === "native" || isStablecoin(asset))
        .map((asset) => ({
          from: null,
          to: wallet,
          asset,
          amount: world.ledger.rawOf(asset, world.random.logNormal(median, 0.5), world.start),
        }));
      world.ledger.transact(chain, world.start, edges, { feeless: true });
    }
  }
}
