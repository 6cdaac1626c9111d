import type { WorldState } from "../worldState.ts";
import { darknetPurchase } from "./darknet.ts";
import { bridgeUse, dexSwap } from "./defi.ts";
import { issueStablecoin } from "./issuance.ts";
import { mineBlock } from "./mining.ts";
import { mixerUse } from "./mixing.ts";
import { p2pTrade } from "./p2p.ts";
import { ransomwareAttack } from "./ransomware.ts";
import { gambling, retailDeposit, retailPayment, retailWithdrawal, sanctionedTrade } from "./retail.ts";
import { scamPayment } from "./scams.ts";

type Activity = (world: WorldState, time: number) => void;

/** What happens in the world and how often, relative to each other. */
const activities: readonly (readonly [Activity, number])[] = [
  [retailWithdrawal, 20],
  [retailDeposit, 20],
  [retailPayment, 12],
  [dexSwap, 6],
  [bridgeUse, 3],
  [p2pTrade, 4],
  [gambling, 5],
  [mineBlock, 5],
  [issueStablecoin, 0.7],
  [mixerUse, 2],
  [darknetPurchase, 3],
  [ransomwareAttack, 0.3],
  [scamPayment, 5],
  [sanctionedTrade, 1.5],
];

export function nextActivity(world: WorldState): Activity {
  return world.random.weighted(activities);
}
