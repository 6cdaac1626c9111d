import { timingSafeEqual } from "node:crypto";
import { operatorHeader, operatorMessages } from "@sleuth/sdk";
import type { FastifyRequest } from "fastify";
import type { NotificationConfig } from "../config.ts";
import { forbidden } from "./errors.ts";

/**
 * Issue 40: operator calls carry the credential set in the server's environment
 * (SLEUTH_OPERATOR_TOKEN) in their own header. No user, role or organization grants them: an
 * organization's admin is not the instance's operator.
 */
export function requireOperator(
  request: FastifyRequest,
  config: Pick<NotificationConfig, "operatorToken">,
): void {
  if (!config.operatorToken) throw forbidden(operatorMessages.operatorOff);
  const given = request.headers[operatorHeader];
  const presented = Buffer.from(typeof given === "string" ? given : "");
  const expected = Buffer.from(config.operatorToken);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    throw forbidden(operatorMessages.notOperator);
}
