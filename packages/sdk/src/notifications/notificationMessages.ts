import { z } from "zod";
import { beaconCaseNumberSchema } from "../beacon/caseNumber.ts";
import { beaconNotificationText } from "../beacon/notification.ts";
import { consolePaths } from "../constants/consolePaths.ts";
import { formatUtc } from "../format/dates.ts";

const person = z.object({ name: z.string(), email: z.string() });

/** Issue 40: what each event carries, in the e-mail and as the webhook's `data`. */
export const notificationEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("escalation-assigned"),
    escalationUuid: z.uuid(),
    caseName: z.string(),
    alias: z.string(),
    trmUrn: z.string(),
    customNote: z.string(),
    by: person,
  }),
  z.object({
    kind: z.literal("vasp-notified"),
    caseNumber: beaconCaseNumberSchema,
    vaspName: z.string(),
    entityUrn: z.string(),
    requestedAt: z.iso.datetime({ offset: true }),
    by: person,
  }),
  z.object({
    kind: z.literal("vasp-invited"),
    vaspName: z.string(),
    entityUrn: z.string(),
    requestedAt: z.iso.datetime({ offset: true }),
    by: person,
  }),
  z.object({
    kind: z.enum(["interest-revealed", "contact-requested"]),
    interestUuid: z.uuid(),
    subjectUrn: z.string(),
    by: person,
  }),
  z.object({
    kind: z.literal("detector-alert"),
    detectorUuid: z.uuid(),
    detectorName: z.string(),
    chain: z.string(),
    address: z.string(),
    newAlerts: z.number().int().positive(),
  }),
  // The new member: the endpoint's admins learn who joined, not only that someone did.
  z.object({ kind: z.literal("organization-invitation"), member: person, role: z.string(), by: person }),
  z.object({
    kind: z.literal("job-finished"),
    asyncJobUuid: z.uuid(),
    fileName: z.string(),
    status: z.string(),
  }),
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The JSON body of every webhook POST. */
export const webhookPayloadSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  organization: z.object({ uuid: z.uuid(), name: z.string() }),
  link: z.string(),
  data: notificationEventSchema,
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  /** The console page the message links to. */
  link: string;
}

/** The console page that shows what the event is about. */
export function notificationPath(event: NotificationEvent): string {
  switch (event.kind) {
    case "escalation-assigned":
    case "interest-revealed":
    case "contact-requested":
      return consolePaths.workspaceInbox;
    case "vasp-notified":
    case "vasp-invited":
      return consolePaths.workspaceReports;
    case "detector-alert":
      return consolePaths.triageDetectors;
    case "organization-invitation":
      return consolePaths.organizationSettings;
    case "job-finished":
      return consolePaths.home;
  }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const by = (who: { name: string; email: string }) => (who.name ? `${who.name} <${who.email}>` : who.email);

/** The subject and the lines of the body, before the organization and link lines. */
function contentOf(event: NotificationEvent, organization: string): { subject: string; lines: string[] } {
  switch (event.kind) {
    case "escalation-assigned":
      return {
        subject: `Escalated to you: ${event.alias} (${organization})`,
        lines: [
          `${by(event.by)} escalated ${event.alias} to you in the case "${event.caseName}".`,
          `Subject: ${event.trmUrn}`,
          ...(event.customNote ? ["", `Note: ${event.customNote}`] : []),
        ],
      };
    case "vasp-notified":
      return { subject: `Urgent law-enforcement notification ${event.caseNumber}`, lines: [] };
    case "vasp-invited":
      return {
        subject: `Invite ${event.vaspName} to the beacon network (${organization})`,
        lines: [
          `${by(event.by)} asks that ${event.vaspName} be invited to join the beacon network.`,
          `Subject: ${event.entityUrn}`,
          `Requested: ${formatUtc(new Date(event.requestedAt))}`,
        ],
      };
    case "interest-revealed":
      return {
        subject: `Your investigation interest was revealed (${organization})`,
        lines: [`${by(event.by)} revealed your investigation interest in ${event.subjectUrn}.`],
      };
    case "contact-requested":
      return {
        subject: `Someone asks to contact you (${organization})`,
        lines: [
          `${by(event.by)} asks to contact you about your private investigation interest in ${event.subjectUrn}.`,
        ],
      };
    case "detector-alert":
      return {
        subject: `${event.newAlerts} new alert${event.newAlerts === 1 ? "" : "s"} on ${event.detectorName} (${organization})`,
        lines: [
          `Your detector "${event.detectorName}" saw ${event.newAlerts} new transfer${event.newAlerts === 1 ? "" : "s"} on ${event.chain} ${event.address}.`,
        ],
      };
    case "organization-invitation":
      return {
        subject: `You were added to ${organization}`,
        lines: [`${by(event.by)} added you to ${organization} as ${event.role}.`],
      };
    case "job-finished":
      return {
        subject: `Your download ${event.fileName} is ${event.status === "succeeded" ? "ready" : event.status} (${organization})`,
        lines: [`The background download ${event.fileName} finished: ${event.status}.`],
      };
  }
}

/**
 * Issue 40: the plain-text and HTML bodies of an event's e-mail, naming the subject, the
 * organization and the console page. A notified provider's text is 000 §4's notification, the
 * same text the console downloads.
 */
export function renderNotification(
  event: NotificationEvent,
  context: { organizationName: string; consoleUrl: string },
): RenderedMessage {
  const link = `${context.consoleUrl.replace(/\/+$/, "")}${notificationPath(event)}`;
  const { subject, lines } = contentOf(event, context.organizationName);
  const body =
    event.kind === "vasp-notified"
      ? beaconNotificationText({
          caseNumber: event.caseNumber,
          vaspName: event.vaspName,
          entityUrn: event.entityUrn,
          requestedAt: new Date(event.requestedAt),
          requester: { ...event.by, organization: context.organizationName },
        }).trimEnd()
      : lines.join("\n");
  const text = [body, "", `Organization: ${context.organizationName}`, `Open in Sleuth: ${link}`, ""].join(
    "\n",
  );
  const paragraphs = body
    .split("\n\n")
    .map((block) => `<p>${escapeHtml(block).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    paragraphs,
    `<p>Organization: ${escapeHtml(context.organizationName)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open in Sleuth</a></p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html, link };
}
