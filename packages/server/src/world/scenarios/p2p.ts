import { assetBySymbol, type CatalogAsset } from "../../reference/assetCatalog.ts";
import { smaller } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { fundUser, retailUsd, share } from "./common.ts";

// P2P exchanges hold the seller's coins in escrow until the buyer has paid off-chain, then release
// them to the buyer less a fee.

export function p2pEscrow(
  world: WorldState,
  platform: Service,
  chain: WorldChain,
  seller: number,
  asset: CatalogAsset,
  amount: bigint,
  buyer: number,
  time: number,
): void {
  const escrow = platform.hot.get(chain);
  if (escrow === undefined || seller === escrow || buyer === escrow) return;
  world.ledger.transact(chain, time, [{ from: seller, to: escrow, asset, amount }]);
  world.scheduler.at(world.later(time, 0.5, 6), (at) => {
    const release = (amount * 99n) / 100n;
    const held = world.ledger.balance(escrow, asset);
    world.ledger.transact(chain, at, [{ from: escrow, to: buyer, asset, amount: smaller(release, held) }]);
  });
}

export function p2pTrade(world: WorldState, time: number): void {
  const platforms = world.servicesOf("p2pExchange");
  if (platforms.length === 0) return;
  const platform = world.random.pick(platforms);
  const chain = world.random.pick(platform.chains);
  const asset = (chain === "tron" ? assetBySymbol(chain, "USDT") : undefined) ?? world.assetOn(chain);
  const seller = world.user(chain);
  if (!fundUser(world, chain, seller, asset, retailUsd(world, 800), time)) return;
  const amount = share(world, world.ledger.balance(seller, asset), 0.3, 1);
  p2pEscrow(world, platform, chain, seller, asset, amount, world.user(chain), time);
}
