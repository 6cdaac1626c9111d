// 000 §8: the platform-wide error catalogue, in the specification's exact words. Messages that
// belong to one domain live with it (downloadMessages, customEntityMessages, organizationMessages);
// docs/RULES.md lists where each one is.

/** 000 §8 toast messages. */
export const platformMessages = {
  riskIndicatorsFailed: "Failed to fetch risk indicators. Please try again later.",
  ownershipSourcesFailed: "Failed to fetch address attribution ownership sources. Please try again later.",
  inetObservationsFailed: "Failed to fetch address inet observations. Please try again later.",
  propertyGroupsFailed: "Failed to fetch property groups. Please try again later.",
  balancesStillLoading:
    "Node appearances are still loading and may not accurately represent Portfolio Balances.",
  /** 000 §8 notify-flow failure; 001 §8 reuses it for an interest delete failure. */
  requestFailed: "There was an issue submitting your request. Please try again.",
  requestInformationFailed:
    "Sorry we had an issue submitting your request for information. Please try again later.",
  genericPanel: "We had an issue making that request. Please try again.",
} as const;

/** 000 §8: the generic panel's two actions. */
export const genericPanelActions = ["Retry", "Reset Filters"] as const;

/** 000 §8: the case-update failure, shown together with the rollback. */
export function caseUpdateFailedMessage(caseId: string | number): string {
  return `There was an issue updating case: ${caseId}`;
}

export const portfolioBalanceSources = ["nodes", "addresses", "custom entities", "entities"] as const;
export type PortfolioBalanceSource = (typeof portfolioBalanceSources)[number];

/**
 * 000 §8: a portfolio balance load failure asks the user to reload the page (shown once per load).
 * The specification gives no wording; this is ours.
 */
export function portfolioLoadFailedMessage(source: PortfolioBalanceSource): string {
  return `Portfolio balances for ${source} could not be loaded. Please reload the page.`;
}

/** 001 §8: element validation messages, in the specification's exact words. */
export const elementMessages = {
  invalidAddress: "Invalid Address",
  invalidElementType: "Invalid Element Type",
} as const;
