import { atom } from "nanostores";

/**
 * 000 §4: queries whose information was requested in this session, so the palette and the results
 * page both read 'Information requested' for them.
 */
export const $requestedQueries = atom<ReadonlySet<string>>(new Set());

export function markInformationRequested(query: string): void {
  $requestedQueries.set(new Set([...$requestedQueries.get(), query.trim()]));
}
