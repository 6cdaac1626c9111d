import { createHmac } from "node:crypto";
import { expect, test } from "vitest";
import { verifyWebhookSignature, webhookSignature } from "./webhookSignature.ts";

const secret = "whsec_test";
const body = '{"id":"1","type":"escalation-assigned"}';

test("issue 40 the signature is HMAC-SHA256 of the timestamp, a dot and the body, as docs/API.md says", () => {
  const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
  expect(webhookSignature(secret, 1700000000, body)).toBe(`t=1700000000,v1=${expected}`);
});

test("issue 40 a signature verifies, and fails after one byte of the body, the secret or the time changes", () => {
  const header = webhookSignature(secret, 1700000000, body);
  expect(verifyWebhookSignature(secret, header, body, 1700000010)).toBe(true);
  expect(verifyWebhookSignature(secret, header, body.replace("1", "2"), 1700000010)).toBe(false);
  expect(verifyWebhookSignature("whsec_tesT", header, body, 1700000010)).toBe(false);
  expect(
    verifyWebhookSignature(secret, header.replace("t=1700000000", "t=1700000001"), body, 1700000010),
  ).toBe(false);
  // Older than the tolerance: a replay.
  expect(verifyWebhookSignature(secret, header, body, 1700000000 + 301)).toBe(false);
  expect(verifyWebhookSignature(secret, "v1=abc", body, 1700000010)).toBe(false);
});
