import { z } from "zod";
import { type ChainId, chainIdSchema, chainIds } from "../chains/index.ts";

/**
 * GET /v1/search/configuration: what a deployment tells its clients before they recognise input
 * (000 §5 "ignoring chains excluded by configuration"). Choice: a deployment searches the chains its
 * store holds addresses on; `excludedChains`, in registry order, are the others, where a lookup could
 * only answer "unknown" (the demo world has no activity on four of the seven EVM chains, and a pasted
 * 0x-address would be sent on each).
 */
export const searchConfigurationSchema = z.object({ excludedChains: z.array(chainIdSchema) });
export type SearchConfiguration = z.infer<typeof searchConfigurationSchema>;

/** The registry's chains that are not in `searched`, in registry order. */
export function chainsNotSearched(searched: Iterable<string>): ChainId[] {
  const covered = new Set(searched);
  return chainIds.filter((id) => !covered.has(id));
}
