import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";

/**
 * Issue 40 webhooks, signed as Stripe does: one header `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed by the endpoint's secret>`. docs/API.md "Webhooks" has the recipe.
 */
export const webhookSignatureHeader = "sleuth-signature";
/** The outbox row's uuid: the same on every retry, so a receiver can drop a repeat. */
export const webhookDeliveryHeader = "sleuth-delivery";
export const webhookEventHeader = "sleuth-event";
/** A signature older than this is refused by `verifyWebhookSignature` (replays). */
export const webhookToleranceSeconds = 300;

export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  const mac = hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${timestampSeconds}.${body}`));
  return `t=${timestampSeconds},v1=${bytesToHex(mac)}`;
}

/** Constant-time comparison of two hex strings of the same length. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** True when `header` signs `body` with `secret` within the tolerance of `nowSeconds`. */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = webhookToleranceSeconds,
): boolean {
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(timestamp) || !given) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = webhookSignature(secret, timestamp, body).split("v1=")[1]!;
  return sameHex(expected, given);
}

/** An endpoint as admins list it; the secret shows once, when the endpoint is created. */
export const webhookEndpointSchema = z.object({
  uuid: z.uuid(),
  url: z.url(),
  secretHint: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** Choice: http(s) only, and only an absolute URL; loopback is allowed (receivers in tests, local relays). */
export const createWebhookEndpointBodySchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2_000),
});
