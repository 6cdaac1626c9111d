import {
  assetBySymbol,
  assetsOnChain,
  type CatalogAsset,
  nativeAssetOf,
} from "../../reference/assetCatalog.ts";
import { smaller } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { cashOut } from "./cashOut.ts";
import { fundUser, share } from "./common.ts";
import { deposit } from "./custodial.ts";

// Darknet markets: buyers pay their market deposit address (swept like an exchange's); the market
// pays its vendors in batches; vendors cash out at exchanges, through mixers or P2P desks.

export function darknetPurchase(world: WorldState, time: number): void {
  const markets = world.servicesOf("darknetMarket");
  if (markets.length === 0) return;
  const market = world.random.pick(markets);
  const chain = world.random.pick(market.chains);
  const asset: CatalogAsset =
    (chain === "tron" ? assetBySymbol(chain, "USDT") : undefined) ?? nativeAssetOf(chain);
  const buyer = world.user(chain);
  const usd = Math.min(Math.max(world.random.logNormal(180, 0.9), 20), 5_000);
  if (!fundUser(world, chain, buyer, asset, usd, time)) return;
  const wanted = world.ledger.rawOf(asset, usd, time);
  const balance = world.ledger.balance(buyer, asset);
  deposit(world, market, chain, asset, buyer, smaller(wanted, balance), time);
  const key = `vendors:${market.entityId}:${chain}`;
  if (!world.recurring.has(key)) {
    world.recurring.add(key);
    world.scheduler.at(world.later(time, 24, 72), (at) => payVendors(world, market, chain, at));
  }
}

function payVendors(world: WorldState, market: Service, chain: WorldChain, time: number): void {
  world.recurring.delete(`vendors:${market.entityId}:${chain}`);
  const hot = market.hot.get(chain) as number;
  let vendors = market.receivers.get(chain);
  if (vendors === undefined) {
    vendors = Array.from({ length: world.random.between(4, 12) }, () => world.fresh(chain));
    market.receivers.set(chain, vendors);
    if (world.highlights.darknetVendors.length < 5)
      world.highlights.darknetVendors.push(...vendors.slice(0, 2));
  }
  for (const asset of assetsOnChain(chain)) {
    const balance = world.ledger.balance(hot, asset);
    if (world.ledger.usdOf(asset, balance, time) < 300) continue;
    const paid = [
      ...new Set(Array.from({ length: world.random.between(2, 5) }, () => world.random.pick(vendors))),
    ];
    const each = share(world, balance, 0.5, 0.7) / BigInt(paid.length);
    world.ledger.transact(
      chain,
      time,
      paid.map((to) => ({ from: hot, to, asset, amount: each })),
    );
    for (const vendor of paid) {
      world.scheduler.at(world.later(time, 24, 96), (at) =>
        cashOut(
          world,
          chain,
          vendor,
          asset,
          [
            ["exchange", 6],
            ["mixer", 2.5],
            ["p2p", 1.5],
          ],
          at,
        ),
      );
    }
  }
}
