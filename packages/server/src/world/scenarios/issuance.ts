import { assetBySymbol } from "../../reference/assetCatalog.ts";
import type { WorldState } from "../worldState.ts";
import { share } from "./common.ts";

// Stablecoin issuers mint to their treasury and send the new supply to exchanges' hot wallets.

export function issueStablecoin(world: WorldState, time: number): void {
  const issuers = world.servicesOf("issuer");
  if (issuers.length === 0) return;
  const issuer = world.random.pick(issuers);
  const chain = world.random.pick(issuer.chains);
  const asset = assetBySymbol(chain, issuer.token ?? "USDT");
  const treasury = issuer.hot.get(chain);
  if (asset === undefined || treasury === undefined) return;
  const amount = world.ledger.rawOf(asset, world.random.logNormal(20_000_000, 0.6), time);
  world.ledger.transact(chain, time, [{ from: null, to: treasury, asset, amount }], { feeless: true });
  world.scheduler.at(world.later(time, 1, 6), (at) => {
    const exchanges = world.servicesOn(["exchange"], chain);
    if (exchanges.length === 0) return;
    const edges = [...new Set([world.random.pick(exchanges), world.random.pick(exchanges)])].map(
      (exchange) => ({
        from: treasury,
        to: exchange.hot.get(chain) as number,
        asset,
        amount: share(world, world.ledger.balance(treasury, asset), 0.3, 0.45),
      }),
    );
    world.ledger.transact(chain, at, edges);
  });
}
