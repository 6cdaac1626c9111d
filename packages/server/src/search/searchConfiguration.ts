import { chainsNotSearched, type SearchConfiguration } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

/**
 * 000 §5 "chains excluded by configuration": the chains the store holds no address on (chain_summary,
 * migration 0090, rebuilt with the rollups after every import), so clients do not ask about them.
 */
export async function searchConfiguration(db: Queryable): Promise<SearchConfiguration> {
  const rows = await db.query<{ chain: string }>("SELECT chain FROM chain_summary");
  return { excludedChains: chainsNotSearched(rows.map((row) => row.chain)) };
}
