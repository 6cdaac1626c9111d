import { nativeAssetOf } from "../../reference/assetCatalog.ts";
import { smaller } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { fundUser, pickService, share } from "./common.ts";
import { deposit } from "./custodial.ts";
import { peelChain } from "./laundering.ts";
import { mix } from "./mixing.ts";

// Ransomware: a victim buys coins at an exchange and pays a ransom address named in the ransom note;
// the gang consolidates, then launders through a peel chain, a mixer or a sanctioned party.

export function ransomwareAttack(world: WorldState, time: number): void {
  const gangs = world.servicesOf("ransomware");
  if (gangs.length === 0) return;
  const gang = world.random.pick(gangs);
  const chain = world.random.pick(gang.chains);
  const native = nativeAssetOf(chain);
  const victim = world.user(chain);
  const usd = Math.min(Math.max(world.random.logNormal(40_000, 1), 2_000), 1_500_000);
  if (!fundUser(world, chain, victim, native, usd, time)) return;
  const ransom = world.serviceAddress(gang, chain, "wallet", time, "Ransom address");
  if (world.highlights.ransomAddresses.length < 5) world.highlights.ransomAddresses.push(ransom);
  gang.receivers.set(chain, [...(gang.receivers.get(chain) ?? []), ransom]);
  const wanted = world.ledger.rawOf(native, usd, time);
  const balance = world.ledger.balance(victim, native);
  world.ledger.transact(chain, time, [
    { from: victim, to: ransom, asset: native, amount: smaller(wanted, balance) },
  ]);
  world.scheduler.at(world.later(time, 24, 72), (at) => {
    const hot = gang.hot.get(chain) as number;
    world.ledger.transact(chain, at, [
      { from: ransom, to: hot, asset: native, amount: world.ledger.balance(ransom, native) },
    ]);
    world.scheduler.at(world.later(at, 24, 168), (later) => launder(world, gang, chain, later));
  });
}

function launder(world: WorldState, gang: Service, chain: WorldChain, time: number): void {
  const hot = gang.hot.get(chain) as number;
  const native = nativeAssetOf(chain);
  const amount = world.ledger.balance(hot, native);
  if (amount === 0n) return;
  const path = world.random.weighted([
    ["peel", 5],
    ["mix", 3],
    ["sanctioned", 2],
  ] as const);
  const mixers = world.servicesOf("mixer").filter((mixer) => mixer.hot.has(chain));
  const individuals = world.servicesOf("sanctionedIndividual").filter((party) => party.hot.has(chain));
  if (path === "mix" && mixers.length > 0) {
    mix(world, world.random.pick(mixers), chain, hot, native, amount, time);
  } else if (path === "sanctioned" && individuals.length > 0) {
    const individual = world.random.pick(individuals);
    const wallet = individual.hot.get(chain) as number;
    world.ledger.transact(chain, time, [{ from: hot, to: wallet, asset: native, amount }]);
    world.scheduler.at(world.later(time, 24, 96), (at) => sanctionedCashOut(world, individual, chain, at));
  } else {
    peelChain(world, chain, hot, native, time);
  }
}

/** A sanctioned individual cashes out at a sanctioned exchange when one serves the chain. */
function sanctionedCashOut(world: WorldState, individual: Service, chain: WorldChain, time: number): void {
  const wallet = individual.hot.get(chain) as number;
  const native = nativeAssetOf(chain);
  const exchange =
    pickService(world, ["sanctionedExchange"], chain) ?? pickService(world, ["exchange"], chain);
  if (exchange === undefined) return;
  const address = deposit(
    world,
    exchange,
    chain,
    native,
    wallet,
    share(world, world.ledger.balance(wallet, native), 0.5, 0.9),
    time,
  );
  if (exchange.kind === "sanctionedExchange" && world.highlights.sanctionedDeposits.length < 3) {
    world.highlights.sanctionedDeposits.push(address);
  }
}
