import { z } from "zod";
import { type ChainId, chainIdSchema, chainIds } from "../chains/chainRegistry.ts";

/**
 * GET /v1/search/configuration: what a deployment tells its clients before they recognise input
 * (000 §5 "ignoring chains excluded by configuration"). Choice: a deployment searches the chains its
 * store holds addresses on; `excludedChains`, in registry order, are the others, where a lookup could
 * only answer "unknown" (the demo world has no activity on four of the seven EVM chains, and a pasted
 * 0x-address would be sent on each).
 */
export const searchConfigurationSchema = z.object({ excludedChains: z.array(chainIdSchema) });
export type SearchConfiguration = z.infer<typeof searchConfigurationSchema>;

/** Our words, for a server that predates GET /v1/search/configuration. */
export const noSearchConfigurationNotice =
  "the server does not say which chains it excludes (no /v1/search/configuration): every chain is searched";

/**
 * What a client uses: the server's configuration, or, from a server without the call (404), no
 * excluded chain (as before it had one: lookups then only ask about more chains than they need) with
 * a notice to show.
 */
export interface SearchConfigurationAnswer extends SearchConfiguration {
  notice: string | null;
}

/** The registry's chains that are not in `searched`, in registry order. */
export function chainsNotSearched(searched: Iterable<string>): ChainId[] {
  const covered = new Set(searched);
  return chainIds.filter((id) => !covered.has(id));
}
