import type { UserAttributionRecord } from "../flags/flagRecords.ts";
import type { InvestigationInterest } from "../interests/interest.ts";
import type { TriageChecklistFacts } from "./triageProgress.ts";

/**
 * 002 §4: the checklist's facts from the records of the address: the user's own flag (flag to private
 * sector), the user's own interest and everyone's (indicate interest, contact investigators), the
 * victim reports and the organization's detectors. The console and `sleuth triage summary` both read
 * the checklist through this.
 */
export function triageChecklistFacts(
  records: {
    flags: readonly Pick<UserAttributionRecord, "isOwnOrganization" | "createdBy">[];
    interests: readonly Pick<InvestigationInterest, "user">[];
    victimReports: readonly unknown[];
    detectors: readonly unknown[];
  },
  me: { uuid: string; email: string },
): Omit<TriageChecklistFacts, "progress" | "features"> {
  return {
    hasFlag: records.flags.some((flag) => flag.isOwnOrganization && flag.createdBy?.uuid === me.uuid),
    hasOwnInterest: records.interests.some((interest) => interest.user.email === me.email),
    interestCount: records.interests.length,
    victimReportCount: records.victimReports.length,
    detectorCount: records.detectors.length,
  };
}
