import { z } from "zod";
import { beaconCaseNumberSchema } from "../beacon/caseNumber.ts";
import { anyEntityUrnSchema } from "../chains/urn.ts";
import { notificationKindSchema } from "./notificationKinds.ts";

/**
 * Issue 40: where a notification stands. `queued` waits for the worker (or its next retry),
 * `sending` is claimed by a worker, `sent` was accepted by the mail server or the endpoint,
 * `failed` gave up with a reason.
 */
export const deliveryStates = ["queued", "sending", "sent", "failed"] as const;
export const deliveryStateSchema = z.enum(deliveryStates);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

export const deliveryChannelSchema = z.enum(["email", "webhook"]);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

/** One outbox row as the API shows it (the notify dialog, the webhook delivery log). */
export const notificationDeliverySchema = z.object({
  uuid: z.uuid(),
  kind: notificationKindSchema,
  channel: deliveryChannelSchema,
  recipient: z.string(),
  state: deliveryStateSchema,
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/** Query of GET /v1/organization/webhooks/deliveries (the delivery log): a page, newest first. */
export const deliveryLogQuerySchema = z.object({
  limit: z.coerce.number<string | number>().int().min(1).max(500).default(50),
  offset: z.coerce.number<string | number>().int().min(0).max(1_000_000).default(0),
});
export type DeliveryLogQuery = z.input<typeof deliveryLogQuerySchema>;

/** GET /v1/notifications/status: whether e-mail leaves this server at all. */
export const notificationStatusSchema = z.object({
  emailEnabled: z.boolean(),
  mailFrom: z.string().nullable(),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** Issue 40 wording: with e-mail off nothing is "notified", only recorded. */
export const notificationMessages = {
  emailOff: "E-mail delivery is off on this server: notifications are recorded in the console only.",
  recorded: "Recorded. E-mail delivery is off on this server, so nobody was e-mailed.",
  queued: "Queued for delivery…",
  sent: "Sent",
  failed: "Delivery failed",
} as const;

/** POST /v1/beacon/notifications (ours, 000 §4): notify a service provider, or invite one. */
export const beaconNotifyRequestSchema = z.strictObject({
  entityUrn: anyEntityUrnSchema,
  /** 000 §4: notifying needs the user to certify urgency; inviting does not. */
  action: z.enum(["notify", "invite"]),
  certifiedUrgent: z.boolean().optional(),
});
export type BeaconNotifyRequest = z.infer<typeof beaconNotifyRequestSchema>;

/** Its answer: the server's case number, the e-mail text, and the delivery (null with e-mail off). */
export const beaconNotificationRecordSchema = z.object({
  reportId: z.number().int().positive(),
  action: z.enum(["notify", "invite"]),
  entityUrn: z.string(),
  vaspName: z.string(),
  caseNumber: beaconCaseNumberSchema.nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  recipient: z.string().nullable(),
  /** The e-mail's plain text: what was (or would have been) sent, the 000 §4 download. */
  text: z.string(),
  delivery: notificationDeliverySchema.nullable(),
});
export type BeaconNotificationRecord = z.infer<typeof beaconNotificationRecordSchema>;
