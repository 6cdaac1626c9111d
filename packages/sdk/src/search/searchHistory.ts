import { format } from "date-fns/format";
import { z } from "zod";
import { parseUrn, type UrnParts } from "../chains/urn.ts";
import { readStoredRecords } from "../storage/storedRecords.ts";

// 002 §3: search history lives in local storage under this key.
export const searchHistoryStorageKey = "sleuth.searchHistory";
// Choice: the oldest searches are forgotten past this many, so local storage stays small.
export const searchHistoryMaxEntries = 200;

export const searchHistoryEntrySchema = z.object({
  isVisited: z.boolean(),
  lastSearchedAt: z.iso.datetime(),
});
/** 002 §3 search history: a map from urn to whether it was visited and when it was last searched. */
export const searchHistorySchema = z.record(z.string(), searchHistoryEntrySchema);
export type SearchHistory = z.infer<typeof searchHistorySchema>;

/**
 * Reads the stored history. 002 §8: a storage failure is ignored, so unreadable text gives an empty
 * history and a damaged entry is dropped without losing the others.
 */
export function readSearchHistory(raw: string | null): SearchHistory {
  return readStoredRecords(raw, searchHistoryEntrySchema);
}

function newestFirst(history: SearchHistory): [string, SearchHistory[string]][] {
  return Object.entries(history).sort(([, a], [, b]) => b.lastSearchedAt.localeCompare(a.lastSearchedAt));
}

function capped(history: SearchHistory): SearchHistory {
  return Object.fromEntries(newestFirst(history).slice(0, searchHistoryMaxEntries));
}

/** Records that `urn` was searched at `now`; a search already in the history keeps its visited mark. */
export function recordSearch(history: SearchHistory, urn: string, now: Date): SearchHistory {
  return capped({
    ...history,
    [urn]: { isVisited: history[urn]?.isVisited ?? false, lastSearchedAt: now.toISOString() },
  });
}

/** Marks `urn` as visited (opened from the history or results); an unknown urn is recorded at `now`. */
export function markSearchVisited(history: SearchHistory, urn: string, now: Date): SearchHistory {
  return capped({
    ...history,
    [urn]: { isVisited: true, lastSearchedAt: history[urn]?.lastSearchedAt ?? now.toISOString() },
  });
}

export interface SearchHistoryItem {
  urn: string;
  parts: Extract<UrnParts, { kind: "address" | "transaction" }>;
  isVisited: boolean;
  lastSearchedAt: string;
}

export interface SearchHistoryDay {
  /** yyyy-MM-dd of the day. */
  day: string;
  addresses: SearchHistoryItem[];
  transactions: SearchHistoryItem[];
}

/**
 * 002 §3: the history grouped by day (newest day first, newest search first within a day) into
 * addresses and transactions. Urns of other kinds, or unreadable ones, are left out. Days are the
 * viewer's local calendar days unless `dayOf` says otherwise.
 */
export function searchHistoryByDay(
  history: SearchHistory,
  dayOf: (date: Date) => string = (date) => format(date, "yyyy-MM-dd"),
): SearchHistoryDay[] {
  const days = new Map<string, SearchHistoryDay>();
  for (const [urn, entry] of newestFirst(history)) {
    const parts = parseUrn(urn);
    if (parts === null || (parts.kind !== "address" && parts.kind !== "transaction")) continue;
    const day = dayOf(new Date(entry.lastSearchedAt));
    let group = days.get(day);
    if (group === undefined) {
      group = { day, addresses: [], transactions: [] };
      days.set(day, group);
    }
    const item = { urn, parts, isVisited: entry.isVisited, lastSearchedAt: entry.lastSearchedAt };
    (parts.kind === "address" ? group.addresses : group.transactions).push(item);
  }
  return [...days.values()];
}

/** The newest `count` searched addresses and transactions, newest first (the palette, the home page). */
export function recentSearches(history: SearchHistory, count: number): SearchHistoryItem[] {
  return searchHistoryByDay(history)
    .flatMap((day) => [...day.addresses, ...day.transactions])
    .sort((a, b) => b.lastSearchedAt.localeCompare(a.lastSearchedAt))
    .slice(0, count);
}
