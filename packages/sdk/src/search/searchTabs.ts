import type { RecognizedIdentifier } from "../chains/recognizeIdentifier.ts";
import type { SuggestionItem } from "./searchSchemas.ts";
import type { SearchSection } from "./searchSections.ts";

/** 002 §2 names the results tabs in this order: custom entities, entities, transactions, addresses, IPs. */
export const resultsTabOrder = [
  "customEntities",
  "entities",
  "transactions",
  "addresses",
  "ips",
] as const satisfies readonly SearchSection[];

/**
 * 002 §2: the results tab a query most likely fills, from what the typed text was recognised as.
 * Choice: a transaction hash wins over an address (a hash form shared with an address form is rarer),
 * then addresses, then IPs; unrecognised text is a name, so entities.
 */
export function likelyResultsTab(identifiers: readonly RecognizedIdentifier[]): SearchSection {
  const kinds = new Set(identifiers.map((identifier) => identifier.kind));
  if (kinds.has("transaction")) return "transactions";
  if (kinds.has("address")) return "addresses";
  if (kinds.has("inet")) return "ips";
  return "entities";
}

/** 002 §2: the tab a picked suggestion opens on, by the kind of item it is. */
export function resultsTabOfItem(item: SuggestionItem): SearchSection | null {
  if (item.customEntityUrn) return "customEntities";
  if (item.entityUrn) return "entities";
  if (item.transactionUrn) return "transactions";
  if (item.addressChainUrn) return "addresses";
  if (item.inetUrn) return "ips";
  return null;
}

/**
 * 002 §2: the initial results tab: the picked item's kind when an item was picked (and has one),
 * otherwise what the typed query looks like.
 */
export function initialResultsTab(options: {
  item?: SuggestionItem | null;
  identifiers: readonly RecognizedIdentifier[];
}): SearchSection {
  return (options.item ? resultsTabOfItem(options.item) : null) ?? likelyResultsTab(options.identifiers);
}

/**
 * The tab to show once every section has answered, when the user has not picked one: the initial
 * tab when it holds results, else the first tab in 002 §2 order that does. Choice: a query the
 * recognisers cannot type (an address prefix such as "bc1q" is no address yet) starts on entities,
 * and an empty tab beside a full one is not what the investigator searched for.
 */
export function settledResultsTab(
  initial: SearchSection,
  counts: Readonly<Record<SearchSection, number>>,
): SearchSection {
  if (counts[initial] > 0) return initial;
  return resultsTabOrder.find((section) => counts[section] > 0) ?? initial;
}
