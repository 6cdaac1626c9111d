import { assetsOnChain } from "../../reference/assetCatalog.ts";
import { smaller } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { cashOut } from "./cashOut.ts";
import { fundUser } from "./common.ts";

// Scams: many small victim payments fan in to a few payment addresses; the scammers consolidate every
// few days and cash out through exchanges, P2P desks or a bridge to another chain.

export function scamPayment(world: WorldState, time: number): void {
  const scams = world.servicesOf("scam");
  if (scams.length === 0) return;
  const scam = world.random.pick(scams);
  const chain = world.random.pick(scam.chains);
  let receivers = scam.receivers.get(chain);
  if (receivers === undefined) {
    receivers = Array.from({ length: world.random.between(2, 4) }, () =>
      world.serviceAddress(scam, chain, "wallet", time, "Payment address"),
    );
    scam.receivers.set(chain, receivers);
    if (world.highlights.scamReceivers.length < 4)
      world.highlights.scamReceivers.push(...receivers.slice(0, 2));
  }
  const asset = world.assetOn(chain, world.random.chance(0.7));
  const victim = world.user(chain);
  const usd = Math.min(Math.max(world.random.logNormal(250, 1.1), 10), 25_000);
  if (!fundUser(world, chain, victim, asset, usd, time)) return;
  const wanted = world.ledger.rawOf(asset, usd, time);
  const balance = world.ledger.balance(victim, asset);
  world.ledger.transact(chain, time, [
    { from: victim, to: world.random.pick(receivers), asset, amount: smaller(wanted, balance) },
  ]);
  const key = `scam:${scam.entityId}:${chain}`;
  if (!world.recurring.has(key)) {
    world.recurring.add(key);
    world.scheduler.at(world.later(time, 48, 120), (at) => consolidate(world, scam, chain, at));
  }
}

function consolidate(world: WorldState, scam: Service, chain: WorldChain, time: number): void {
  world.recurring.delete(`scam:${scam.entityId}:${chain}`);
  const hot = scam.hot.get(chain) as number;
  for (const receiver of scam.receivers.get(chain) ?? []) {
    for (const asset of assetsOnChain(chain)) {
      world.ledger.transact(chain, time, [
        { from: receiver, to: hot, asset, amount: world.ledger.balance(receiver, asset) },
      ]);
    }
  }
  world.scheduler.at(world.later(time, 6, 48), (at) => {
    for (const asset of assetsOnChain(chain)) {
      cashOut(
        world,
        chain,
        hot,
        asset,
        [
          ["exchange", 4],
          ["p2p", 3],
          ["bridge", 3],
        ],
        at,
      );
    }
  });
}
