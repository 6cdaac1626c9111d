import { z } from "zod";

/**
 * Issue 40: the events that leave the server as e-mail and webhooks. Each is written to the outbox in
 * the transaction of the event that causes it.
 */
export const notificationKinds = [
  "escalation-assigned",
  "vasp-notified",
  "vasp-invited",
  "interest-revealed",
  "contact-requested",
  "detector-alert",
  "organization-invitation",
  "job-finished",
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** What the preferences page calls each kind (ours). */
export const notificationKindTitles: Record<NotificationKind, string> = {
  "escalation-assigned": "An escalation is assigned to me",
  "vasp-notified": "A service provider is notified (to its beacon contact)",
  "vasp-invited": "A service provider is invited (to the operator)",
  "interest-revealed": "Someone reveals my investigation interest",
  "contact-requested": "Someone asks to contact me about a private interest",
  "detector-alert": "One of my detectors raises alerts",
  "organization-invitation": "I am added to an organization",
  "job-finished": "A background download of mine finished",
};

/**
 * The kinds a member receives by e-mail, each a choice in their preferences. The provider and
 * operator kinds go to addresses outside the organization, so no member's preference applies.
 */
export const memberNotificationKinds = [
  "escalation-assigned",
  "interest-revealed",
  "contact-requested",
  "detector-alert",
  "organization-invitation",
  "job-finished",
] as const satisfies readonly NotificationKind[];
export type MemberNotificationKind = (typeof memberNotificationKinds)[number];

/** Issue 40: a finished background job is off by default (a download page already shows it); the rest are on. */
export const notificationEmailDefaults: Record<MemberNotificationKind, boolean> = {
  "escalation-assigned": true,
  "interest-revealed": true,
  "contact-requested": true,
  "detector-alert": true,
  "organization-invitation": true,
  "job-finished": false,
};

/** The `notification-email` preference: the kinds the user chose, the rest at their default. */
export const notificationEmailPreferenceSchema = z.object({
  kinds: z.partialRecord(z.enum(memberNotificationKinds), z.boolean()),
});
export type NotificationEmailPreference = z.infer<typeof notificationEmailPreferenceSchema>;

export function wantsEmail(
  preference: NotificationEmailPreference | null | undefined,
  kind: MemberNotificationKind,
): boolean {
  return preference?.kinds[kind] ?? notificationEmailDefaults[kind];
}
