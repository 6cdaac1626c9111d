// One small interface between the client and the wire (STYLE: Stripe's HttpClient). The client owns
// URLs, auth, envelopes and errors; a transport only moves bytes and applies the retry policy.
import { busyRetryAfter } from "../constants/limits.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** True when repeating the request cannot do anything twice: the transport may retry it. */
  retrySafe: boolean;
  /** A call known to run long (a full rebuild of the rollups): its own time limit, in ms. */
  timeoutMs?: number;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A response whose body is read as it arrives, a piece of bytes at a time. */
export interface TransportStreamResponse {
  status: number;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading the body and lets its connection go (a reader that wants no more of it). */
  cancel(): void;
}

export interface Transport {
  request(request: TransportRequest): Promise<TransportResponse>;
  /**
   * Optional: the body as it arrives, never retried (`sleuth transfers` reads and checks rows while
   * the rest of a page is on its way). Without it, callers read the whole body with `request`.
   */
  stream?(request: TransportRequest): Promise<TransportStreamResponse>;
}

export interface RetryPolicy {
  /** Attempts after the first one. */
  limit: number;
  statusCodes: readonly number[];
  /** Base of the exponential backoff, in ms. */
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  limit: 2,
  statusCodes: [408, 429, 502, 503, 504],
  baseDelayMs: 250,
  maxDelayMs: busyRetryAfter.longestSeconds * 1000,
  timeoutMs: 30_000,
};

/**
 * The wait a Retry-After header asks for (seconds or an HTTP date), at most the policy's longest
 * delay; null without a usable header.
 */
export function retryAfterMs(
  retryAfter: string | undefined,
  policy: RetryPolicy = defaultRetryPolicy,
  now: () => number = Date.now,
): number | null {
  if (!retryAfter) return null;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), policy.maxDelayMs) : null;
}

/**
 * Delay before retry number `attempt` (1-based): the server's Retry-After when it sent one, else
 * exponential backoff with full jitter.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | undefined,
  policy: RetryPolicy = defaultRetryPolicy,
  random: () => number = Math.random,
  now: () => number = Date.now,
): number {
  const asked = retryAfterMs(retryAfter, policy, now);
  if (asked !== null) return asked;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}
