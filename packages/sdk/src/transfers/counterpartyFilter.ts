import { parseUrn } from "../chains/urn.ts";
import type { TransferFilters } from "./transferTable.ts";

export type CounterpartyFilter = Pick<
  TransferFilters,
  "counterpartyAddress" | "counterpartyEntity" | "counterpartyAddressPrefix"
>;

/**
 * 001 §7 counterparty filter by URN (000 §5: a pasted URN is accepted as the value): an address URN
 * filters by that address, an entity or custom-entity URN by that entity. Null for any other text.
 */
export function counterpartyUrnFilter(input: string): CounterpartyFilter | null {
  const text = input.trim();
  const parts = parseUrn(text);
  if (parts?.kind === "address") return { counterpartyAddress: [text] };
  if (parts?.kind === "entity" || parts?.kind === "custom-entity") return { counterpartyEntity: [text] };
  return null;
}

/**
 * The console's counterparty box (001 §7): a URN as counterpartyUrnFilter reads it; other text is the
 * start of a counterparty's address; empty removes the filter.
 */
export function counterpartyFilter(input: string): CounterpartyFilter {
  const text = input.trim();
  return counterpartyUrnFilter(text) ?? (text === "" ? {} : { counterpartyAddressPrefix: text });
}
