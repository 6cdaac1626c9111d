import { platformMessages } from "../constants/messages.ts";
import { formatUtc, utcDatePattern } from "../format/dates.ts";
import { usdText } from "../format/usdAmount.ts";

/** A USD volume of the flow panes: the one USD formatter's (format/usdAmount.ts). */
export const formatFlowUsd = usdText;

/** 002 §9: chart and snapshot dates as YYYY-MM-DD (UTC). */
export function formatChartDate(value: string | Date): string {
  return formatUtc(value, utcDatePattern);
}

/** The wording of the flow panes where the specification gives none (ours), and where it does. */
export const flowMessages = {
  noCounterparties: "No counterparties moved funds with this subject.",
  noCounterpartiesFiltered: "No counterparties match these filters.",
  /** Ours: the counterparties table's URN filter (000 §5) takes a pasted address or entity URN. */
  notCounterpartyUrn: "Paste an address or entity URN (urn:sleuth:address:… or urn:sleuth:entity:…)",
  noFlows: "No flows to plot for this subject.",
  /** Ours: an exposure chart with no series (no counterparty carries a category, or a risk level). */
  noCategoryExposure: "No counterparty of this subject carries a category.",
  noRiskExposure: "No counterparty of this subject carries a risk level.",
  /** A flow list's `after` that this list did not hand out. */
  notFlowCursor: "Not a cursor of this list",
  noRiskIndicators: "No risk indicators for this subject.",
  noHoldings: "This subject holds nothing now.",
  noIps: "No IP addresses were observed with this address.",
  noDetails: "Nothing to list behind this indicator.",
  noOwnershipCategories: "None of this subject's addresses carries an ownership category.",
  noOwnedAddresses: "No more addresses in this category.",
  noOwnedAddressesFiltered: "No addresses of this category match these filters.",
  noRiskIndicatorsFiltered: "No risk indicators match these filters.",
  /** 000 §8, in the specification's words (one text, the platform catalogue's). */
  riskIndicatorsFailed: platformMessages.riskIndicatorsFailed,
  inetObservationsFailed: platformMessages.inetObservationsFailed,
  usdPartial: "Some value moved in assets without a price; USD totals cover the priced part only.",
} as const;
