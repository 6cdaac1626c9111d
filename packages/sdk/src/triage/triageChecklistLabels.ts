import type { TriageChecklistItem } from "./triageProgress.ts";

// 002 §4: the action checklist's items as the Summary lists them. The spec names the actions without
// wording; these labels are ours.
export const triageChecklistLabels = {
  escalate: "Escalate",
  flagToPrivateSector: "Flag to private sector",
  indicateInterest: "Indicate interest",
  contactInvestigators: "Contact investigators",
  viewVictimReports: "View victim reports",
  detectors: "Monitor with a detector",
  contactExchanges: "Contact exchanges",
} as const satisfies Record<TriageChecklistItem, string>;

/** 002 §3 local progress is mirrored to this user preference, so the CLI reads the console's ticks. */
export const triageProgressPreferenceKey = "triage-address-progress";
