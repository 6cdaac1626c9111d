import {
  markSearchVisited,
  readSearchHistory,
  recordSearch,
  type SearchHistory,
  searchHistoryStorageKey,
} from "@sleuth/sdk";
import { atom } from "nanostores";

function load(): SearchHistory {
  try {
    return readSearchHistory(globalThis.localStorage?.getItem(searchHistoryStorageKey) ?? null);
  } catch {
    // 002 §8: local storage failures are ignored.
    return {};
  }
}

/** 002 §3 search history, read from local storage once and written back on every change. */
export const $searchHistory = atom<SearchHistory>(load());

function save(history: SearchHistory): void {
  $searchHistory.set(history);
  try {
    globalThis.localStorage?.setItem(searchHistoryStorageKey, JSON.stringify(history));
  } catch (error) {
    // 002 §8: logged and ignored; the history still holds until the page reloads.
    console.warn("[search history]", error);
  }
}

/** Records a searched URN and marks it visited: the user opened it from search. */
export function rememberOpenedSearch(urn: string, now: Date = new Date()): void {
  save(markSearchVisited(recordSearch($searchHistory.get(), urn, now), urn, now));
}

/** Records searched URNs (002 §3), keeping each one's visited mark: triage results list them. */
export function rememberSearches(urns: readonly string[], now: Date = new Date()): void {
  if (urns.length === 0) return;
  save(urns.reduce((history, urn) => recordSearch(history, urn, now), $searchHistory.get()));
}
