import { ApiError, type ChainId, type SleuthClient } from "@sleuth/sdk";

// Our words, for a server that predates GET /v1/search/configuration.
export const noSearchConfiguration =
  "the server does not say which chains it excludes (no /v1/search/configuration): every chain is searched";

/**
 * 000 §5: the chains the server excludes from recognition. A server without the call (404) excludes
 * none, as before it had one: the lookups then only ask about more chains than they need. Any other
 * failure (no server, a rejected token) is the command's to report, so it is thrown.
 */
export async function excludedChainsOf(
  client: SleuthClient,
  warn: (text: string) => void,
): Promise<readonly ChainId[]> {
  try {
    return (await client.search.configuration()).excludedChains;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    warn(noSearchConfiguration);
    return [];
  }
}
