import { z } from "zod";
import { defaultRetryPolicy } from "./transport.ts";

// The one error envelope every server answer uses (STYLE: security habits).
export const errorCodes = [
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "idempotency_key_reused",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "host_not_allowed",
  "unavailable",
  "internal",
  // client-side only: the request never got an answer
  "network_error",
  "timeout",
  "invalid_response",
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().nullable(),
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every failed call raises this: status 0 means no answer reached us. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly details: unknown;
  readonly retryable: boolean;
  /** The wait the server asked for with Retry-After (a 429 or 503), in ms; null when it asked none. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string | null;
    details?: unknown;
    retryAfterMs?: number | null;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details;
    this.retryable = init.status === 0 || defaultRetryPolicy.statusCodes.includes(init.status);
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  /** Builds the error from a response that carries the envelope, or describes what came instead. */
  static fromResponse(
    status: number,
    body: string,
    requestId: string | null,
    retryAfterMs: number | null = null,
  ): ApiError {
    let parsed: ErrorEnvelope | undefined;
    try {
      parsed = errorEnvelopeSchema.parse(JSON.parse(body));
    } catch {
      parsed = undefined;
    }
    if (parsed)
      return new ApiError({
        status,
        ...parsed.error,
        requestId: parsed.error.requestId ?? requestId,
        retryAfterMs,
      });
    return new ApiError({
      status,
      code: status >= 500 ? "internal" : "invalid_response",
      message: `HTTP ${status}`,
      requestId,
      retryAfterMs,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
