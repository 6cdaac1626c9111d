import {
  readTriageProgress,
  type TriageProgress,
  type TriageProgressEvent,
  triageProgressPreferenceKey,
  triageProgressStorageKey,
  updateTriageProgress,
} from "@sleuth/sdk";
import { useCallback, useState } from "react";
import { sleuthClient } from "../session/sleuthClient.ts";

function readStore() {
  try {
    return readTriageProgress(localStorage.getItem(triageProgressStorageKey));
  } catch {
    // 002 §8: local storage failures are logged and ignored.
    console.warn("triage progress could not be read");
    return {};
  }
}

/**
 * 002 §3/§4: one address's checklist progress, kept in local storage; each change is mirrored to the
 * `triage-address-progress` preference so `sleuth triage summary` shows the same ticks.
 */
export function useTriageProgress(addressUrn: string): {
  progress: TriageProgress;
  record: (event: TriageProgressEvent) => void;
} {
  const [progress, setProgress] = useState<TriageProgress>(() => readStore()[addressUrn] ?? {});
  const record = useCallback(
    (event: TriageProgressEvent) => {
      const next = updateTriageProgress(readStore(), addressUrn, event);
      try {
        localStorage.setItem(triageProgressStorageKey, JSON.stringify(next));
      } catch {
        console.warn("triage progress could not be stored");
      }
      setProgress(next[addressUrn] ?? {});
      void sleuthClient.preferences.set(triageProgressPreferenceKey, next).catch(() => {
        console.warn("triage progress could not be mirrored to the server");
      });
    },
    [addressUrn],
  );
  return { progress, record };
}
