import type { FlagCategoryGroup, RiskType } from "@sleuth/sdk";
import { graphsenseConcepts } from "./graphsenseConcepts.ts";

// Our category model (docs/DATA.md "Categories"): every GraphSense concept is a category, plus a few
// terms investigators need that the taxonomy lacks. Each has a numeric id (the wire's categoryId), a
// display name and a categoryRiskScoreLevel (0..15, the SDK's scale) per risk type. Terms met in
// imported packs outside this list are kept as categories of origin "imported" (ids from 1000).

export type CategoryOrigin = "graphsense" | "sleuth" | "imported";

export interface Category {
  id: number;
  /** The GraphSense concept id, or our own term for origin "sleuth". */
  key: string;
  name: string;
  /** The broader concept's key; null for the root. */
  parentKey: string | null;
  origin: CategoryOrigin;
  description: string;
  /** categoryRiskScoreLevel per risk type; a risk type not listed is level 0. */
  riskLevels: Readonly<Record<RiskType, number>>;
  flagGroup: FlagCategoryGroup | null;
  /** A virtual-asset service provider: its entities can be notified (000 §4 notify flow). */
  isVasp: boolean;
}

/** The first id given to a term first met in an import. */
export const firstImportedCategoryId = 1000;

// Risk profiles: ownership (the address belongs to it), counterparty (a direct transfer with it),
// indirect (funds passed one unattributed hop), behavioral (a behavioural signature of it).
const profiles = {
  severe: { ownership: 15, counterparty: 15, indirect: 12, behavioral: 15 },
  high: { ownership: 13, counterparty: 12, indirect: 10, behavioral: 12 },
  elevated: { ownership: 11, counterparty: 10, indirect: 7, behavioral: 10 },
  medium: { ownership: 7, counterparty: 6, indirect: 4, behavioral: 6 },
  low: { ownership: 3, counterparty: 2, indirect: 1, behavioral: 2 },
  none: { ownership: 0, counterparty: 0, indirect: 0, behavioral: 0 },
} as const satisfies Record<string, Record<RiskType, number>>;
type Profile = keyof typeof profiles;

const profileByKey: Readonly<Record<string, Profile>> = {
  sanction: "severe",
  terrorism: "severe",
  terrorism_financing: "severe",
  child_sexual_abuse: "severe",
  sexual_abuse: "severe",
  human_trafficking: "severe",
  ransomware: "high",
  darknet_market: "high",
  service_hack: "high",
  account_hack: "high",
  exploit: "high",
  hacking: "high",
  malware: "high",
  data_breach: "high",
  extortion: "high",
  sextortion: "high",
  extremism: "high",
  weapons: "high",
  violence: "high",
  murder: "high",
  torture: "high",
  drugs: "high",
  money_laundering: "high",
  payment_card_fraud: "high",
  counterfeit: "high",
  mixing_service: "elevated",
  scam: "elevated",
  phishing: "elevated",
  ponzi_scheme: "elevated",
  pyramid_scheme: "elevated",
  investment_fraud: "elevated",
  financial_crime: "elevated",
  social_engineering: "elevated",
  abuse: "elevated",
  perpetrator: "elevated",
  dark_web: "elevated",
  gambling: "medium",
  p2p_exchange: "medium",
  mixing: "medium",
  coinjoin: "medium",
  market: "medium",
  escrow_wallet: "medium",
  gray_usage: "medium",
  defi_bridge: "low",
  atm: "low",
  ico_wallet: "low",
  hosting: "low",
  vpn: "low",
  filesharing: "low",
  faucet: "low",
  mention: "low",
  website_mention: "low",
  forum_mention: "low",
};

const flagGroupByKey: Readonly<Record<string, FlagCategoryGroup>> = {
  scam: "Fraud and Scams",
  phishing: "Fraud and Scams",
  ponzi_scheme: "Fraud and Scams",
  pyramid_scheme: "Fraud and Scams",
  investment_fraud: "Fraud and Scams",
  social_engineering: "Fraud and Scams",
  payment_card_fraud: "Fraud and Scams",
  financial_crime: "Fraud and Scams",
  darknet_market: "Illicit Commerce",
  drugs: "Illicit Commerce",
  weapons: "Illicit Commerce",
  counterfeit: "Illicit Commerce",
  child_sexual_abuse: "Illicit Commerce",
  sexual_abuse: "Illicit Commerce",
  human_trafficking: "Illicit Commerce",
  ransomware: "Illicit Payments",
  extortion: "Illicit Payments",
  sextortion: "Illicit Payments",
  terrorism: "Illicit Payments",
  terrorism_financing: "Illicit Payments",
  sanction: "Illicit Payments",
  money_laundering: "Illicit Payments",
  mixing_service: "Illicit Payments",
  service_hack: "Thefts",
  account_hack: "Thefts",
  exploit: "Thefts",
  hacking: "Thefts",
  malware: "Thefts",
  data_breach: "Thefts",
  abuse: "Other",
  extremism: "Other",
  violence: "Other",
  murder: "Other",
  torture: "Other",
};

const vaspKeys = new Set(["exchange", "wallet_service", "p2p_exchange", "atm", "payment_processor"]);

// Terms the demo world and investigators need that the GraphSense taxonomy lacks.
const sleuthTerms = [
  {
    key: "darknet_market",
    label: "Darknet Market",
    broader: "market",
    description: "A marketplace reachable only through darknets, selling mostly illicit goods and services.",
  },
  {
    key: "p2p_exchange",
    label: "P2P Exchange",
    broader: "exchange",
    description:
      "A platform matching individuals who trade cryptoassets with each other, often with weak KYC.",
  },
] as const;

// Names investigators use where the GraphSense label reads differently.
const displayNames: Readonly<Record<string, string>> = {
  sanction: "Sanctions",
  mixing_service: "Mixer",
  wallet_service: "Hosted Wallet",
  mining_service: "Mining Pool",
  defi_bridge: "Bridge",
  defi_dex: "Decentralized Exchange",
  gambling: "Gambling",
  service_hack: "Hack",
};

// Fixed ids for the categories investigators meet most; 8 and 13 are the beacon categories of the
// notify-VASP buttons (000 §6) and 8 marks a lead in the triage CSV (002 §9), so both are VASPs.
// Every other term follows in taxonomy order from 21.
const pinnedIds: Readonly<Record<string, number>> = {
  sanction: 1,
  terrorism_financing: 2,
  child_sexual_abuse: 3,
  ransomware: 4,
  darknet_market: 5,
  mixing_service: 6,
  scam: 7,
  exchange: 8,
  gambling: 9,
  defi_bridge: 10,
  defi_dex: 11,
  mining_service: 12,
  wallet_service: 13,
  p2p_exchange: 14,
  phishing: 15,
  service_hack: 16,
  ponzi_scheme: 17,
  drugs: 18,
  money_laundering: 19,
  unknown: 20,
};
const firstUnpinnedId = 21;

function buildCategories(): Category[] {
  const terms = [
    ...graphsenseConcepts.map((concept) => ({ ...concept, key: concept.id, origin: "graphsense" as const })),
    ...sleuthTerms.map((term) => ({ ...term, origin: "sleuth" as const })),
  ];
  let nextId = firstUnpinnedId;
  return terms.map((term) => ({
    id: pinnedIds[term.key] ?? nextId++,
    key: term.key,
    name: displayNames[term.key] ?? term.label,
    parentKey: term.broader,
    origin: term.origin,
    description: term.description,
    riskLevels: profiles[profileByKey[term.key] ?? "none"],
    flagGroup: flagGroupByKey[term.key] ?? null,
    isVasp: vaspKeys.has(term.key),
  }));
}

export const categories: readonly Category[] = buildCategories();

const byKey = new Map(categories.map((category) => [category.key, category]));

/** The category of a taxonomy key; throws on a key outside the model (the demo world uses only known keys). */
export function categoryByKey(key: string): Category {
  const category = byKey.get(key);
  if (category === undefined) throw new RangeError(`Unknown category key: ${key}`);
  return category;
}

/** The category of a key when the model has it (imports keep unknown terms as new categories). */
export function findCategory(key: string): Category | undefined {
  return byKey.get(key);
}
