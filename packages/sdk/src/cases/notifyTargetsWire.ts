import { z } from "zod";

// Choice: how many e-mails a restricted notify list may hold (002 §6 gives no bound).
export const notifyTargetsMax = 50;

/**
 * 002 §6 restricted notify targets of escalation: the e-mails an organization's admins configured,
 * or null when every member may be notified (GET and PUT /v1/organizations/{id}/escalation-notify-targets).
 */
export const escalationNotifyTargetsSchema = z.object({ emails: z.array(z.string()).nullable() });
export type EscalationNotifyTargets = z.infer<typeof escalationNotifyTargetsSchema>;

export const setEscalationNotifyTargetsRequestSchema = z.strictObject({
  emails: z
    .array(
      z
        .email()
        .max(254)
        .transform((email) => email.toLowerCase()),
    )
    .min(1)
    .max(notifyTargetsMax)
    .nullable(),
});
export type SetEscalationNotifyTargetsRequest = z.input<typeof setEscalationNotifyTargetsRequestSchema>;

/** The console's texts for the list (ours). */
export const notifyTargetsMessages = {
  saved: "The notify targets were saved.",
  cleared: "Every member of the organization can be notified again.",
  saveFailed: "There was an issue saving the notify targets. Please try again.",
  notConfigured: "Only the configured notify targets can be assigned: {emails}",
} as const;

/** A comma- or line-separated list as typed into the console, trimmed and without blanks. */
export function parseNotifyTargetList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((email) => email.trim())
    .filter((email) => email !== "");
}
