import { z } from "zod";
import { addressChainUrnSchema, entityUrnSchema, formatUrn, parseUrn } from "../chains/urn.ts";

/** 000 §5 a table's counterparty filter: pasted address or entity URNs, at most 100. */
export const counterpartyUrnFilterSchema = z
  .array(z.union([addressChainUrnSchema, entityUrnSchema]))
  .min(1)
  .max(100);

/** 000 §5 an address column's filter: pasted address URNs, at most 100. */
export const addressUrnFilterSchema = z.array(addressChainUrnSchema).min(1).max(100);

/**
 * 000 §5: while the user types in a URN table filter, the text is a search query (names, addresses)
 * only when it is not already a URN. Null means "do not search": the text is empty or is a URN,
 * which is accepted on submit instead.
 */
export function urnFilterSearchQuery(input: string): string | null {
  const query = input.trim();
  if (query === "" || parseUrn(query) !== null) return null;
  return query;
}

/**
 * 000 §5: on submit a pasted URN is accepted as the filter value, in canonical spelling. Null when
 * the text is not a URN (the user then picks one of the search results).
 */
export function urnFilterSubmitValue(input: string): string | null {
  const parts = parseUrn(input.trim());
  return parts === null ? null : formatUrn(parts);
}

/** 000 §5 an address column's URN filter on submit: a pasted address URN (canonical), else null. */
export function addressUrnOfText(input: string): string | null {
  const urn = urnFilterSubmitValue(input);
  return urn !== null && parseUrn(urn)?.kind === "address" ? urn : null;
}

/** Whether any header filter of a table is set (its filtered-empty state offers Reset filters). */
export function hasHeaderFilters(filters: object | undefined): boolean {
  return filters !== undefined && Object.values(filters).some((value) => value !== undefined);
}
