import { isApiError } from "@sleuth/sdk";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";

/**
 * The console's data cache. The SDK's transport already retries what is safe to retry, so queries
 * do not retry again; a 401 from any call means the session ended elsewhere.
 */
export function createQueryClient(options: { onUnauthenticated: () => void }): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) options.onUnauthenticated();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
