// 001 §9: flag categories are grouped as Fraud and Scams, Illicit Commerce, Illicit Payments,
// Thefts and Other. The specification lists no categories; this list is ours. Ids are stable codes
// sent as categoryId; OTHER asks the user to type a category name (001 §5).

export const flagCategoryGroups = [
  "Fraud and Scams",
  "Illicit Commerce",
  "Illicit Payments",
  "Thefts",
  "Other",
] as const;
export type FlagCategoryGroup = (typeof flagCategoryGroups)[number];

export const flagCategories = [
  { id: "SCAM", label: "Scam", group: "Fraud and Scams" },
  { id: "INVESTMENT_SCAM", label: "Investment scam", group: "Fraud and Scams" },
  { id: "ROMANCE_SCAM", label: "Romance scam (pig butchering)", group: "Fraud and Scams" },
  { id: "PHISHING", label: "Phishing", group: "Fraud and Scams" },
  { id: "IMPERSONATION", label: "Impersonation", group: "Fraud and Scams" },
  { id: "PONZI_SCHEME", label: "Ponzi scheme", group: "Fraud and Scams" },
  { id: "FRAUD_SHOP", label: "Fraud shop", group: "Fraud and Scams" },
  { id: "DARKNET_MARKET", label: "Darknet market", group: "Illicit Commerce" },
  { id: "ILLICIT_DRUGS", label: "Illicit drugs", group: "Illicit Commerce" },
  { id: "WEAPONS", label: "Weapons", group: "Illicit Commerce" },
  { id: "COUNTERFEIT_GOODS", label: "Counterfeit goods", group: "Illicit Commerce" },
  { id: "CHILD_SEXUAL_ABUSE_MATERIAL", label: "Child sexual abuse material", group: "Illicit Commerce" },
  { id: "HUMAN_TRAFFICKING", label: "Human trafficking", group: "Illicit Commerce" },
  { id: "RANSOMWARE", label: "Ransomware", group: "Illicit Payments" },
  { id: "EXTORTION", label: "Extortion", group: "Illicit Payments" },
  { id: "TERRORIST_FINANCING", label: "Terrorist financing", group: "Illicit Payments" },
  { id: "SANCTIONS", label: "Sanctions evasion", group: "Illicit Payments" },
  { id: "MONEY_LAUNDERING", label: "Money laundering", group: "Illicit Payments" },
  { id: "HACK", label: "Hack or exploit", group: "Thefts" },
  { id: "STOLEN_FUNDS", label: "Stolen funds", group: "Thefts" },
  { id: "SIM_SWAP", label: "SIM swap", group: "Thefts" },
  { id: "OTHER", label: "Other", group: "Other" },
] as const satisfies readonly { id: string; label: string; group: FlagCategoryGroup }[];

export type FlagCategory = (typeof flagCategories)[number];
export type FlagCategoryId = FlagCategory["id"];
export const flagCategoryIds = flagCategories.map((category) => category.id) as [
  FlagCategoryId,
  ...FlagCategoryId[],
];
export const otherFlagCategoryId = "OTHER" satisfies FlagCategoryId;

export function flagCategoryOf(id: string): FlagCategory | undefined {
  return flagCategories.find((category) => category.id === id);
}

/** The categories of each group, in the order above, for a grouped select. */
export function flagCategoriesByGroup(): { group: FlagCategoryGroup; categories: FlagCategory[] }[] {
  return flagCategoryGroups.map((group) => ({
    group,
    categories: flagCategories.filter((category) => category.group === group),
  }));
}
