import { z } from "zod";
import type { ChainId } from "../chains/chainRegistry.ts";
import { type RecognizedIdentifier, recognizeIdentifier } from "../chains/recognizeIdentifier.ts";
import { truncateRequestQuery } from "../format/text.ts";
import { searchMessages } from "./searchMessages.ts";

export interface SearchInputOptions {
  /** 000 §5: chains excluded by configuration are ignored. */
  excludedChains?: readonly ChainId[];
  /** False when IP search is off (000 §6 flag); IP addresses are then not recognised. */
  recognizeInet?: boolean;
  /** 000 §5: a customised search may reject an input; false rejects it. */
  accept?: (query: string) => boolean;
}

export type SearchInput =
  | { type: "empty" }
  | { type: "rejected"; query: string }
  | { type: "query"; query: string; identifiers: RecognizedIdentifier[] };

/**
 * 000 §5 / 002 §4: reads what was typed. The text is trimmed and empty text does nothing. A customised
 * search that rejects the text leaves nothing to show (the caller clears its results). Otherwise the
 * text is recognised as an address or transaction hash per chain (every candidate chain, excluded
 * chains left out) or as an IP address; unrecognised text is still a query for names.
 */
export function readSearchInput(raw: string, options: SearchInputOptions = {}): SearchInput {
  const query = raw.trim();
  if (query === "") return { type: "empty" };
  if (options.accept && !options.accept(query)) return { type: "rejected", query };
  const identifiers = recognizeIdentifier(query, {
    ...(options.excludedChains ? { excludedChains: options.excludedChains } : {}),
    ...(options.recognizeInet === undefined ? {} : { recognizeInet: options.recognizeInet }),
  });
  return { type: "query", query, identifiers };
}

export interface SearchFailedEvent {
  type: "search_failed";
  query: string;
}

/**
 * 000 §5: with no match the search fails and a search_failed event is emitted. A match is a recognised
 * identifier or any result; the event is returned for the caller to send.
 */
export function searchFailedEvent(
  query: string,
  found: { identifiers: readonly RecognizedIdentifier[]; total: number },
): SearchFailedEvent | null {
  return found.identifiers.length === 0 && found.total === 0 ? { type: "search_failed", query } : null;
}

/** 002 §5: submit is disabled when the input is empty, while fetching, or during multi-search loading. */
export function isSearchSubmitDisabled(state: {
  input: string;
  isFetching: boolean;
  isMultiSearchLoading: boolean;
}): boolean {
  return state.input.trim() === "" || state.isFetching || state.isMultiSearchLoading;
}

/** 002 §8: 'Still looking for ‘{query}’?' with the query cut to 20 characters (000 §9). */
export function stillLookingForMessage(query: string): string {
  return searchMessages.stillLookingFor.replace("{query}", truncateRequestQuery(query.trim()));
}

/** 000 §4: the request button moves from not requested to 'Information requested'. */
export function requestInformationLabel(requested: boolean): string {
  return requested ? searchMessages.informationRequested : searchMessages.requestInformation;
}

/** 000 §3 status report request, the body of POST /user-report/status-report; details are optional (000 §5). */
export const statusReportRequestSchema = z.object({
  query: z.string().trim().min(1),
  details: z.string().optional(),
});
export type StatusReportRequest = z.infer<typeof statusReportRequestSchema>;

/** The request-information body: the full query (only the shown text is cut) and details unless blank. */
export function statusReportRequest(query: string, details?: string): StatusReportRequest {
  const trimmed = details?.trim() ?? "";
  return statusReportRequestSchema.parse(trimmed === "" ? { query } : { query, details: trimmed });
}
