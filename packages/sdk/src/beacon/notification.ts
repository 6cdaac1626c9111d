import { z } from "zod";
import { anyEntityUrnSchema } from "../chains/urn.ts";
import { formatUtc } from "../format/dates.ts";
import { type BeaconCaseNumber, beaconCaseNumberSchema } from "./caseNumber.ts";

/** 000 §3: the property names that carry a VASP's contacts. */
export const beaconContactProperties = {
  lawEnforcementContact: "law_enforcement_contact",
  beaconNetworkContact: "v2_beacon_network_contact",
} as const;

/**
 * 000 §6: with the beaconCategories feature flag on, the notify-VASP buttons show for entities of
 * categories 8 and 13. Choice: with the flag off they show for no category (the flow is flag-gated).
 */
export const beaconCategoryIds = [8, 13] as const;

export function notifyVaspCategoryIds(beaconCategoriesFlag: boolean): readonly number[] {
  return beaconCategoriesFlag ? beaconCategoryIds : [];
}

export function showsNotifyVaspButtons(categoryId: number | string, beaconCategoriesFlag: boolean): boolean {
  return notifyVaspCategoryIds(beaconCategoriesFlag).includes(Number(categoryId));
}

/** 000 §7 POST /user-report/notify-vasp-request. */
export const notifyVaspRequestSchema = z.object({
  entityUrn: anyEntityUrnSchema,
  requestedDateTime: z.iso.datetime({ offset: true }),
  caseNumber: beaconCaseNumberSchema.optional(),
  email: z.email().optional(),
});
export type NotifyVaspRequest = z.infer<typeof notifyVaspRequestSchema>;

/** The notify flow's own texts; the specification does not word them. */
export const beaconMessages = {
  certifyUrgency: "I certify that this request concerns an urgent law-enforcement matter.",
  inviteThanks: "Thank you. We will invite this service provider to join the beacon network.",
} as const;

export interface BeaconNotification {
  caseNumber: BeaconCaseNumber;
  vaspName: string;
  entityUrn: string;
  requestedAt: Date;
  requester: { name: string; email: string; organization?: string };
}

/** 000 §4: the downloadable notification is named after the case number. */
export function beaconNotificationFileName(caseNumber: BeaconCaseNumber): string {
  return `${caseNumber}.txt`;
}

/** 000 §4: the text the user downloads after notifying a VASP (our wording; times in UTC). */
export function beaconNotificationText(notification: BeaconNotification): string {
  const { caseNumber, vaspName, entityUrn, requestedAt, requester } = notification;
  const by = `${requester.name} <${requester.email}>${requester.organization ? `, ${requester.organization}` : ""}`;
  return [
    "Urgent law-enforcement notification",
    "",
    `Case number: ${caseNumber}`,
    `Service provider: ${vaspName}`,
    `Entity: ${entityUrn}`,
    `Requested: ${formatUtc(requestedAt)}`,
    `Requested by: ${by}`,
    "",
    "The requester certified that this request concerns an urgent law-enforcement matter.",
    "",
  ].join("\n");
}
