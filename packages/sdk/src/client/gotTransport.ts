import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import got, { type Method } from "got";
import { defaultRetryPolicy, type RetryPolicy, retryDelayMs, type Transport } from "./transport.ts";

/**
 * The Node transport (CLI, tests, scripts): got with keep-alive agents, timeouts and got's own
 * retry, configured from the shared RetryPolicy. Non-retry-safe requests get no retry at all.
 */
export function createGotTransport(options: { policy?: RetryPolicy } = {}): Transport {
  const policy = options.policy ?? defaultRetryPolicy;
  // What every request shares, merged once: got merges a request's options into its instance's
  // defaults, and a batch sends hundreds of requests a second.
  const client = got.extend({
    agent: {
      http: new HttpAgent({ keepAlive: true, maxSockets: 16 }),
      https: new HttpsAgent({ keepAlive: true, maxSockets: 16 }),
    },
    throwHttpErrors: false,
    timeout: { request: policy.timeoutMs },
    retry: {
      statusCodes: [...policy.statusCodes],
      errorCodes: [
        "ETIMEDOUT",
        "ECONNRESET",
        "EADDRINUSE",
        "ECONNREFUSED",
        "EPIPE",
        "ENOTFOUND",
        "EAI_AGAIN",
      ],
      maxRetryAfter: policy.maxDelayMs,
      calculateDelay: ({ attemptCount, retryOptions, error, computedValue }) => {
        if (computedValue === 0 || attemptCount > retryOptions.limit) return 0;
        const retryAfter = error.response?.headers["retry-after"];
        const delay = retryDelayMs(
          attemptCount,
          typeof retryAfter === "string" ? retryAfter : undefined,
          policy,
        );
        // To got, 0 means "do not retry": a jittered wait of nothing is the shortest wait instead.
        return Math.max(1, delay);
      },
    },
  });
  return {
    async request(request) {
      const response = await client(request.url, {
        method: request.method as Method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        retry: { limit: request.retrySafe ? policy.limit : 0, methods: [request.method as Method] },
      });
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(response.headers)) {
        if (typeof value === "string") headers[key] = value;
        else if (Array.isArray(value)) headers[key] = value.join(", ");
      }
      return { status: response.statusCode, headers, body: response.body };
    },
  };
}
