import {
  cacheFreshnessOptions,
  type Preference,
  type PreferenceKey,
  parsePreferenceValue,
  preferenceValueSchemas,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { sleuthClient } from "../session/sleuthClient.ts";

type ValueOf<K extends PreferenceKey> = z.infer<(typeof preferenceValueSchemas)[K]>;

export const preferencesQuery = {
  queryKey: ["preferences"],
  queryFn: () => sleuthClient.preferences.list(),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The stored value of one 000 §3 preference, or undefined (never set, or no longer valid). */
export function preferenceOf<K extends PreferenceKey>(
  preferences: readonly Preference[] | undefined,
  key: K,
): ValueOf<K> | undefined {
  const stored = preferences?.find((preference) => preference.key === key);
  if (!stored) return undefined;
  const parsed = preferenceValueSchemas[key].safeParse(stored.value);
  return parsed.success ? (parsed.data as ValueOf<K>) : undefined;
}

export function usePreference<K extends PreferenceKey>(key: K): ValueOf<K> | undefined {
  const preferences = useQuery(preferencesQuery);
  return preferenceOf(preferences.data, key);
}

/** Saves one preference and updates the cached list, so every screen that reads it follows. */
export function useSavePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: { key: PreferenceKey; value: unknown }) =>
      sleuthClient.preferences.set(key, parsePreferenceValue(key, value)),
    onSuccess: (saved) => {
      queryClient.setQueryData<Preference[]>(preferencesQuery.queryKey, (list = []) => [
        ...list.filter((preference) => preference.key !== saved.key),
        saved,
      ]);
    },
  });
}

/** 000 §9 cache freshness: the console's query staleness; the default is the shortest option. */
export function cacheFreshnessMs(preferences: readonly Preference[] | undefined): number {
  return preferenceOf(preferences, "cache-freshness")?.ms ?? cacheFreshnessOptions[0].ms;
}
