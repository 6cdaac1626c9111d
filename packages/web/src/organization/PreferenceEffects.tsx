import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { cacheFreshnessMs, preferencesQuery } from "./preferenceQueries.ts";

/**
 * Applies the preferences that act console-wide: 000 §9 cache freshness becomes every query's
 * staleness (queries that set their own keep it).
 */
export function PreferenceEffects() {
  const preferences = useQuery(preferencesQuery);
  const queryClient = useQueryClient();
  const staleTime = cacheFreshnessMs(preferences.data);
  useEffect(() => {
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, staleTime } });
  }, [queryClient, staleTime]);
  return null;
}
