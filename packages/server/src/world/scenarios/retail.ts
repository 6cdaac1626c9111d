import { chainInfo } from "@sleuth/sdk";
import type { Service, ServiceKind } from "../services.ts";
import type { WorldChain } from "../worldChains.ts";
import type { WorldState } from "../worldState.ts";
import {
  fundUser,
  heldAssets,
  pickChain,
  pickService,
  retailCustodians,
  retailUsd,
  share,
} from "./common.ts";
import { deposit, withdraw } from "./custodial.ts";

// Everyday activity of unattributed wallets: withdrawals from and deposits to custodians, payments
// between wallets, gambling, and trading with a sanctioned exchange.

const memos = ["invoice 4471", "rent march", "thanks!", "order #20931", "gm", "loan repayment", "payroll"];

export function retailWithdrawal(world: WorldState, time: number): void {
  const chain = pickChain(world);
  const custodian = pickService(world, retailCustodians, chain);
  if (custodian === undefined) return;
  withdraw(world, custodian, chain, world.assetOn(chain), world.user(chain), retailUsd(world), time);
}

/** A wallet pays a custodian, funding itself first when it holds nothing. */
function custodialDeposit(world: WorldState, time: number, custodian: Service, chain: WorldChain): void {
  const user = world.user(chain);
  const held = heldAssets(world, user, chain);
  const asset = held.length > 0 ? world.random.pick(held) : world.assetOn(chain);
  if (!fundUser(world, chain, user, asset, retailUsd(world), time)) return;
  deposit(
    world,
    custodian,
    chain,
    asset,
    user,
    share(world, world.ledger.balance(user, asset), 0.3, 1),
    time,
  );
}

export function retailDeposit(world: WorldState, time: number): void {
  const chain = pickChain(world);
  const custodian = pickService(world, retailCustodians, chain);
  if (custodian !== undefined) custodialDeposit(world, time, custodian, chain);
}

/** Deposits in or withdrawals out of a party of the kind, on one of its chains. */
function depositOrWithdraw(
  world: WorldState,
  time: number,
  kind: ServiceKind,
  depositShare: number,
  medianUsd: number,
) {
  const services = world.servicesOf(kind);
  if (services.length === 0) return;
  const service = world.random.pick(services);
  const chain = world.random.pick(service.chains);
  if (world.random.chance(depositShare)) custodialDeposit(world, time, service, chain);
  else
    withdraw(
      world,
      service,
      chain,
      world.assetOn(chain),
      world.user(chain),
      retailUsd(world, medianUsd),
      time,
    );
}

export function retailPayment(world: WorldState, time: number): void {
  const chain = pickChain(world);
  const payer = world.user(chain);
  const payee = world.user(chain);
  if (payer === payee) return;
  const held = heldAssets(world, payer, chain);
  const asset = held.length > 0 ? world.random.pick(held) : world.assetOn(chain);
  if (!fundUser(world, chain, payer, asset, retailUsd(world), time)) return;
  const amount = share(world, world.ledger.balance(payer, asset), 0.1, 0.9);
  const memo = chainInfo(chain).hasOpReturn && world.random.chance(0.04) ? world.random.pick(memos) : null;
  world.ledger.transact(chain, time, [{ from: payer, to: payee, asset, amount }], {
    opReturn: memo === null ? null : Buffer.from(memo, "utf8").toString("hex"),
  });
}

/** Bets in, winnings out. */
export function gambling(world: WorldState, time: number): void {
  depositOrWithdraw(world, time, "gambling", 0.6, 200);
}

/** Wallets that trade with a sanctioned exchange carry direct sanctions exposure. */
export function sanctionedTrade(world: WorldState, time: number): void {
  depositOrWithdraw(world, time, "sanctionedExchange", 0.5, 2_000);
}
