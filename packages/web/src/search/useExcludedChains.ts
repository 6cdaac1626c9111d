import { useStore } from "@nanostores/react";
import type { ChainId } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

const noChains: readonly ChainId[] = [];

/**
 * 000 §5: the chains the server excludes from recognition (GET /v1/search/configuration: it holds no
 * address there), for every readSearchInput of the console; the SDK call decides what a server without
 * it means. Until the answer arrives no chain is left out: the searches then only ask about more
 * chains than they need.
 */
export function useExcludedChains(): readonly ChainId[] {
  const signedIn = useStore($signedIn) !== null;
  const configuration = useQuery({
    queryKey: ["search", "configuration"],
    queryFn: ({ signal }) => sleuthClient.search.configuration({ signal }),
    enabled: signedIn,
    // It changes only when an import brings a chain's first address.
    staleTime: 5 * 60_000,
  });
  return configuration.data?.excludedChains ?? noChains;
}
