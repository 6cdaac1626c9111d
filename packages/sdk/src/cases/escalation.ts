import { z } from "zod";
import { urnSchema } from "../chains/urn.ts";
import type { Case } from "./caseRecord.ts";

export const escalationMessages = {
  // 002 §8 names these without wording; the words are ours.
  escalateFailed: "There was an issue escalating this address. Please try again.",
  emailsNotInOrganization: "These e-mails are not in your organisation: {emails}",
} as const;

/** 002 §7 body of POST /triage/v1/trm-entity/escalate. */
export const escalatePayloadSchema = z.object({
  assignToUserUuids: z.array(z.string().min(1)).min(1),
  alias: z.string(),
  caseId: z.string().min(1),
  customNote: z.string(),
  trmUrn: urnSchema,
});
export type EscalatePayload = z.infer<typeof escalatePayloadSchema>;

/** 002 §5: only cases shared with the organisation are offered for escalation. */
export function escalationCases<T extends Pick<Case, "isSharedWithOrg">>(cases: readonly T[]): T[] {
  return cases.filter((item) => item.isSharedWithOrg);
}

/** 002 §5: escalation needs a case and at least one person to notify. */
export function canEscalate(draft: { caseId: string | null; assignToUserUuids: readonly string[] }): boolean {
  return draft.caseId !== null && draft.caseId !== "" && draft.assignToUserUuids.length > 0;
}

export interface OrganizationMember {
  uuid: string;
  email: string;
}

export interface NotifyTargets<M extends OrganizationMember> {
  /** The members that may be picked. */
  options: M[];
  /** The uuids picked before the user does anything. */
  preselected: string[];
  /** True when the pick cannot be changed. */
  locked: boolean;
  /** Configured e-mails with no member of the organisation behind them. */
  missingEmails: string[];
  /** The error naming `missingEmails`, or null. */
  error: string | null;
}

/**
 * 002 §5 / §6: who can be notified of an escalation. Only organisation members are offered. When a
 * restricted list of e-mails is configured, only the members it names are offered (e-mails compared
 * without case); e-mails matching no member are named in the error and left out; a single remaining
 * option is preselected and locked.
 */
export function notifyTargets<M extends OrganizationMember>(
  members: readonly M[],
  configuredEmails?: readonly string[],
): NotifyTargets<M> {
  if (configuredEmails === undefined) {
    return { options: [...members], preselected: [], locked: false, missingEmails: [], error: null };
  }
  const byEmail = new Map(members.map((member) => [member.email.trim().toLowerCase(), member]));
  const options: M[] = [];
  const missingEmails: string[] = [];
  for (const email of configuredEmails) {
    const member = byEmail.get(email.trim().toLowerCase());
    if (member === undefined) missingEmails.push(email.trim());
    else if (!options.includes(member)) options.push(member);
  }
  const single = options.length === 1 ? options[0] : undefined;
  return {
    options,
    preselected: single ? [single.uuid] : [],
    locked: single !== undefined,
    missingEmails,
    error:
      missingEmails.length === 0
        ? null
        : escalationMessages.emailsNotInOrganization.replace("{emails}", missingEmails.join(", ")),
  };
}
