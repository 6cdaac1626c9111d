import { assetBySymbol, type CatalogAsset, nativeAssetOf } from "../../reference/assetCatalog.ts";
import { smaller, toRaw } from "../ledger.ts";
import type { Service } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import { fundUser, pickService, retailCustodians } from "./common.ts";
import { deposit } from "./custodial.ts";

// Mixers: every deposit goes to a fresh mixer address (fan-in), is pooled, and leaves hours or days
// later from the pool to fresh unattributed addresses (fan-out), less the mixer's fee. Those
// addresses cash out at exchanges, which then hold indirect mixer exposure.

const mixerFee = 25n; // per mille

/** Sends `amount` through a mixer on `chain`; the outputs cash out at an exchange later. */
export function mix(
  world: WorldState,
  mixer: Service,
  chain: WorldChain,
  from: number,
  asset: CatalogAsset,
  amount: bigint,
  time: number,
): void {
  const pool = mixer.hot.get(chain);
  if (pool === undefined || amount <= 0n) return;
  const entry = world.serviceAddress(mixer, chain, "wallet", time, "Deposit address");
  world.ledger.transact(chain, time, [{ from, to: entry, asset, amount }]);
  world.scheduler.at(world.later(time, 0.2, 1), (at) => {
    world.ledger.transact(chain, at, [
      { from: entry, to: pool, asset, amount: world.ledger.balance(entry, asset) },
    ]);
  });
  world.scheduler.at(world.later(time, 6, 72), (at) => {
    const outputs = Array.from({ length: world.random.between(1, 3) }, () => world.fresh(chain));
    const paid = (amount * (1000n - mixerFee)) / 1000n / BigInt(outputs.length);
    const each =
      paid < world.ledger.balance(pool, asset) / BigInt(outputs.length)
        ? paid
        : world.ledger.balance(pool, asset) / BigInt(outputs.length);
    world.ledger.transact(
      chain,
      at,
      outputs.map((to) => ({ from: pool, to, asset, amount: each })),
    );
    if (world.highlights.mixerOutputs.length < 3) world.highlights.mixerOutputs.push(...outputs);
    for (const output of outputs) {
      world.scheduler.at(world.later(at, 24, 120), (cashOut) => {
        const exchange = pickService(world, retailCustodians, chain);
        const balance = world.ledger.balance(output, asset);
        if (exchange !== undefined) deposit(world, exchange, chain, asset, output, balance, cashOut);
      });
    }
  });
}

/** A wallet uses a mixer; on Ethereum in the fixed denominations such pools take. */
export function mixerUse(world: WorldState, time: number): void {
  const mixers = world.servicesOf("mixer");
  if (mixers.length === 0) return;
  const mixer = world.random.pick(mixers);
  const chain = world.random.pick(mixer.chains);
  const user = world.user(chain);
  const asset = chain === "tron" ? (assetBySymbol(chain, "USDT") as CatalogAsset) : nativeAssetOf(chain);
  const denomination = chain === "ethereum" ? world.random.pick([0.1, 1, 10]) : null;
  const usd =
    denomination === null ? world.random.logNormal(3_000, 1) : denomination * world.prices.usd(asset, time);
  if (!fundUser(world, chain, user, asset, usd, time)) return;
  const wanted =
    denomination === null ? world.ledger.rawOf(asset, usd, time) : toRaw(denomination, asset.decimals);
  const balance = world.ledger.balance(user, asset);
  mix(world, mixer, chain, user, asset, smaller(wanted, balance), time);
}
