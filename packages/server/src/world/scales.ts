import { z } from "zod";

export const worldScales = ["small", "default", "large"] as const;
export const worldScaleSchema = z.enum(worldScales);
export type WorldScale = z.infer<typeof worldScaleSchema>;

/** Services of each kind the world holds; see entityPlan.ts for what each kind does. */
export interface ServiceCounts {
  exchange: number;
  hostedWallet: number;
  p2pExchange: number;
  mixer: number;
  darknetMarket: number;
  ransomware: number;
  scam: number;
  sanctionedExchange: number;
  sanctionedIndividual: number;
  gambling: number;
  dex: number;
  bridge: number;
  miningPool: number;
}

export interface ScaleSettings {
  /** Generation stops once at least this many transfer rows exist. */
  transferRows: number;
  /** The world's time span in days, ending at worldEnd. */
  days: number;
  /** Unattributed wallets per chain. */
  usersPerChain: number;
  services: ServiceCounts;
  /** Rows buffered per table before a batch is handed to the loader. */
  batchRows: number;
}

// The world ends at a fixed instant so that the same seed gives the same data on any day.
export const worldEnd = Date.UTC(2025, 5, 30, 23, 59, 59);
export const dayMs = 86_400_000;

export const scaleSettings: Readonly<Record<WorldScale, ScaleSettings>> = {
  small: {
    transferRows: 4_000,
    days: 120,
    usersPerChain: 40,
    batchRows: 5_000,
    services: {
      exchange: 4,
      hostedWallet: 2,
      p2pExchange: 1,
      mixer: 1,
      darknetMarket: 1,
      ransomware: 1,
      scam: 2,
      sanctionedExchange: 1,
      sanctionedIndividual: 1,
      gambling: 1,
      dex: 1,
      bridge: 1,
      miningPool: 2,
    },
  },
  default: {
    transferRows: 200_000,
    days: 540,
    usersPerChain: 1_500,
    batchRows: 20_000,
    services: {
      exchange: 12,
      hostedWallet: 5,
      p2pExchange: 3,
      mixer: 3,
      darknetMarket: 3,
      ransomware: 4,
      scam: 8,
      sanctionedExchange: 2,
      sanctionedIndividual: 2,
      gambling: 4,
      dex: 3,
      bridge: 3,
      miningPool: 5,
    },
  },
  large: {
    transferRows: 5_000_000,
    days: 730,
    usersPerChain: 30_000,
    batchRows: 50_000,
    services: {
      exchange: 40,
      hostedWallet: 15,
      p2pExchange: 8,
      mixer: 6,
      darknetMarket: 8,
      ransomware: 12,
      scam: 30,
      sanctionedExchange: 4,
      sanctionedIndividual: 4,
      gambling: 10,
      dex: 6,
      bridge: 5,
      miningPool: 10,
    },
  },
};

/** The first instant of a scale's world. */
export function worldStart(settings: ScaleSettings): number {
  return worldEnd + 1_000 - settings.days * dayMs;
}
