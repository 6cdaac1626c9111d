import { z } from "zod";
import { readStoredRecords } from "../storage/storedRecords.ts";

// 002 §3 / §4: the checklist progress of each address, kept in local storage under this key.
export const triageProgressStorageKey = "sleuth.triage.progress";

/**
 * 002 §3 local progress per address. Each item is absent until its action has been done once (or its
 * prerequisite met), then true when ticked and false when unticked; so "present" also means "its
 * checkbox is unlocked".
 */
export const triageProgressSchema = z.object({
  escalate: z.boolean().optional(),
  contactInvestigators: z.boolean().optional(),
  flagToPrivateSector: z.boolean().optional(),
  contactExchanges: z.boolean().optional(),
  viewVictimReports: z.boolean().optional(),
  detectors: z.boolean().optional(),
});
export type TriageProgress = z.infer<typeof triageProgressSchema>;

/** Every address's progress, keyed by its address URN. */
export const triageProgressStoreSchema = z.record(z.string(), triageProgressSchema);
export type TriageProgressStore = z.infer<typeof triageProgressStoreSchema>;

/** Reads the stored progress; 002 §8: unreadable storage is ignored and a damaged entry dropped. */
export function readTriageProgress(raw: string | null): TriageProgressStore {
  return readStoredRecords(raw, triageProgressSchema);
}

export type TriageProgressEvent =
  | { type: "escalated" }
  | { type: "toggled"; item: "escalate" | "contactInvestigators" | "viewVictimReports" | "contactExchanges" }
  | { type: "flagCreated" }
  | { type: "flagRemoved" }
  | { type: "interestsViewed" }
  | { type: "victimReportsOpened" }
  | { type: "exchangeContactViewed" }
  | { type: "detectorCreated" };

/**
 * 002 §4: how an event changes one address's progress. Escalating ticks escalate (toggling it is then
 * allowed); creating a flag ticks flag to private sector and removing it resets it; viewing interests,
 * opening victim reports and viewing an exchange's contact unlock their checkboxes; a toggle of a
 * locked item does nothing.
 */
export function nextTriageProgress(progress: TriageProgress, event: TriageProgressEvent): TriageProgress {
  switch (event.type) {
    case "escalated":
      return { ...progress, escalate: true };
    case "toggled": {
      const current = progress[event.item];
      return current === undefined ? progress : { ...progress, [event.item]: !current };
    }
    case "flagCreated":
      return { ...progress, flagToPrivateSector: true };
    case "flagRemoved": {
      const { flagToPrivateSector: _removed, ...rest } = progress;
      return rest;
    }
    case "interestsViewed":
      return { ...progress, contactInvestigators: progress.contactInvestigators ?? false };
    case "victimReportsOpened":
      return { ...progress, viewVictimReports: progress.viewVictimReports ?? false };
    case "exchangeContactViewed":
      return { ...progress, contactExchanges: progress.contactExchanges ?? false };
    case "detectorCreated":
      return { ...progress, detectors: true };
  }
}

/** Applies an event to one address in the store. */
export function updateTriageProgress(
  store: TriageProgressStore,
  addressUrn: string,
  event: TriageProgressEvent,
): TriageProgressStore {
  return { ...store, [addressUrn]: nextTriageProgress(store[addressUrn] ?? {}, event) };
}

export const triageChecklistItems = [
  "escalate",
  "flagToPrivateSector",
  "indicateInterest",
  "contactInvestigators",
  "viewVictimReports",
  "detectors",
  "contactExchanges",
] as const;
export type TriageChecklistItem = (typeof triageChecklistItems)[number];

export interface TriageChecklistFacts {
  progress: TriageProgress;
  /** The user has flagged this address. */
  hasFlag: boolean;
  /** The user has an investigation interest in it. */
  hasOwnInterest: boolean;
  /** Every interest in it, the user's own included. */
  interestCount: number;
  victimReportCount: number;
  detectorCount: number;
  /** 002 §6 feature flags of triage. */
  features: {
    flagToPrivateSector: boolean;
    /** Indicate interest and contact investigators share one flag. */
    indicateInterest: boolean;
    hideExchangeActions: boolean;
    hideDetectorActions: boolean;
  };
}

export interface TriageChecklistEntry {
  visible: boolean;
  completed: boolean;
  /** Whether the action's button can be used. */
  actionEnabled: boolean;
  /** Whether the user may tick or untick the checkbox (false where completion follows the data). */
  checkboxEnabled: boolean;
  /** For detectors: create one, or open the existing ones in a new tab. */
  action?: "create" | "openList";
}

/** 002 §4: each checklist item's state on the triage address page. */
export function triageChecklist(
  facts: TriageChecklistFacts,
): Record<TriageChecklistItem, TriageChecklistEntry> {
  const { progress, features } = facts;
  const unlocked = (value: boolean | undefined) => value !== undefined;
  return {
    escalate: {
      visible: true,
      completed: progress.escalate === true,
      actionEnabled: true,
      checkboxEnabled: unlocked(progress.escalate),
    },
    flagToPrivateSector: {
      visible: features.flagToPrivateSector,
      completed: facts.hasFlag || progress.flagToPrivateSector === true,
      actionEnabled: true,
      checkboxEnabled: false,
    },
    indicateInterest: {
      visible: features.indicateInterest,
      completed: facts.hasOwnInterest,
      actionEnabled: true,
      checkboxEnabled: false,
    },
    contactInvestigators: {
      visible: features.indicateInterest && !(facts.hasOwnInterest && facts.interestCount === 1),
      completed: progress.contactInvestigators === true,
      actionEnabled: facts.interestCount > 0,
      checkboxEnabled: unlocked(progress.contactInvestigators),
    },
    viewVictimReports: {
      visible: facts.victimReportCount > 0,
      completed: progress.viewVictimReports === true,
      actionEnabled: true,
      checkboxEnabled: unlocked(progress.viewVictimReports),
    },
    detectors: {
      visible: !features.hideDetectorActions,
      completed: facts.detectorCount > 0 || progress.detectors === true,
      actionEnabled: true,
      checkboxEnabled: false,
      action: facts.detectorCount > 0 ? "openList" : "create",
    },
    contactExchanges: {
      visible: !features.hideExchangeActions,
      completed: progress.contactExchanges === true,
      actionEnabled: true,
      checkboxEnabled: unlocked(progress.contactExchanges),
    },
  };
}
