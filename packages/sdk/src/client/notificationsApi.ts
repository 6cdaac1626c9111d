import { z } from "zod";
import {
  type BeaconNotifyRequest,
  beaconNotificationRecordSchema,
  type DeliveryLogQuery,
  notificationDeliverySchema,
  notificationStatusSchema,
} from "../notifications/notificationDelivery.ts";
import { createdWebhookEndpointSchema, webhookEndpointSchema } from "../notifications/webhookSignature.ts";
import type { HttpCore } from "./httpCore.ts";

/** Issue 40: delivery status, the notify flow's server-side call, and the organization's webhooks. */
export function notificationsApi(core: HttpCore) {
  return {
    /** GET /v1/notifications/status: whether e-mail leaves this server. */
    status: async (options: { signal?: AbortSignal } = {}) =>
      (
        await core.request("GET", "/v1/notifications/status", {
          schema: notificationStatusSchema,
          ...options,
        })
      ).data,
    /** GET /v1/notifications/deliveries/{uuid}: one delivery the caller caused (or any, for admins). */
    delivery: async (uuid: string, options: { signal?: AbortSignal } = {}) =>
      (
        await core.request("GET", `/v1/notifications/deliveries/${encodeURIComponent(uuid)}`, {
          schema: notificationDeliverySchema,
          ...options,
        })
      ).data,
    /** POST /v1/beacon/notifications: notify (the server makes the case number) or invite a provider. */
    notifyVasp: async (body: BeaconNotifyRequest) =>
      (
        await core.request("POST", "/v1/beacon/notifications", {
          body,
          schema: beaconNotificationRecordSchema,
          idempotencyKey: true,
        })
      ).data,
    webhooks: {
      list: async () =>
        (await core.request("GET", "/v1/organization/webhooks", { schema: z.array(webhookEndpointSchema) }))
          .data,
      /** The answer carries the signing secret; it is shown this once. */
      create: async (url: string) =>
        (
          await core.request("POST", "/v1/organization/webhooks", {
            body: { url },
            schema: createdWebhookEndpointSchema,
            idempotencyKey: true,
          })
        ).data,
      remove: async (uuid: string) => {
        await core.request("DELETE", `/v1/organization/webhooks/${encodeURIComponent(uuid)}`, {
          schema: z.unknown(),
        });
      },
      /** The delivery log, newest first. */
      deliveries: async (query: DeliveryLogQuery = {}) => {
        const answer = await core.request("GET", "/v1/organization/webhooks/deliveries", {
          query,
          schema: z.array(notificationDeliverySchema),
        });
        return { deliveries: answer.data, count: Number(answer.meta?.count ?? answer.data.length) };
      },
    },
  };
}
