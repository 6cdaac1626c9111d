import type { SearchFailedEvent } from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";

// 000 §4 / 002 §7: the activity log records submitted queries and selected suggestions. Logging never
// blocks or breaks the search: a failure is only reported to the console.
const report = (error: unknown) => console.warn("[activity]", error);

export function logSearchQuery(query: string, details: Record<string, unknown> = {}): void {
  sleuthClient.search.logQuery(query, details).catch(report);
}

export function logSuggestionSelected(
  urn: string,
  query: string,
  details: Record<string, unknown> = {},
): void {
  sleuthClient.activity.log("suggestion_selected", { ...details, urn, query: query.trim() }).catch(report);
}

/** 000 §5: a search with no match emits search_failed, recorded in the activity log. */
export function logSearchFailed(event: SearchFailedEvent, details: Record<string, unknown> = {}): void {
  sleuthClient.activity.log(event.type, { ...details, query: event.query }).catch(report);
}
