import { Agent as HttpAgent, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import got, { type Got, type Method } from "got";
import {
  defaultRetryPolicy,
  type RetryPolicy,
  retryDelayMs,
  type Transport,
  type TransportRequest,
  type TransportResponse,
  type TransportStreamResponse,
} from "./transport.ts";

/**
 * The Node transport (CLI, tests, scripts): got with keep-alive agents, timeouts and got's own
 * retry, configured from the shared RetryPolicy. Non-retry-safe requests get no retry at all.
 */
export function createGotTransport(
  options: { policy?: RetryPolicy; retryDelay?: typeof retryDelayMs } = {},
): Transport {
  const policy = options.policy ?? defaultRetryPolicy;
  const retryDelay = options.retryDelay ?? retryDelayMs;
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
        const delay = retryDelay(
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
      if (!request.retrySafe) return sentOnce(client, request);
      const response = await client(request.url, {
        method: request.method as Method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        retry: { limit: policy.limit, methods: [request.method as Method] },
        ...(request.timeoutMs ? { timeout: { request: request.timeoutMs } } : {}),
      });
      return { status: response.statusCode, headers: flatHeaders(response.headers), body: response.body };
    },
    stream: (request) => streamed(client, request),
  };
}

function flatHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string") headers[key] = value;
    else if (Array.isArray(value)) headers[key] = value.join(", ");
  }
  return headers;
}

/**
 * A request that is never retried (a POST without an idempotency key: every bulk call of a batch),
 * through got's stream: the promise API buffers, counts and decodes each answer for the retries it
 * might make, work a batch's large answers would pay for nothing.
 */
function sentOnce(client: Got, request: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const stream = streamOf(client, request);
    let status = 0;
    let headers: Record<string, string> = {};
    let body = "";
    stream.on("response", (response: { statusCode: number; headers: IncomingHttpHeaders }) => {
      status = response.statusCode;
      headers = flatHeaders(response.headers);
    });
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      body += chunk;
    });
    stream.on("end", () => resolve({ status, headers, body }));
    stream.on("error", reject);
  });
}

/**
 * A request through got's stream, answered when its headers come: the body is the stream itself,
 * its bytes as they arrive. Never retried: part of the body may already have been read.
 */
function streamed(client: Got, request: TransportRequest): Promise<TransportStreamResponse> {
  return new Promise((resolve, reject) => {
    const stream = streamOf(client, request);
    stream.once("error", reject);
    stream.once("response", (response: { statusCode: number; headers: IncomingHttpHeaders }) => {
      resolve({
        status: response.statusCode,
        headers: flatHeaders(response.headers),
        body: stream,
        cancel: () => stream.destroy(),
      });
    });
  });
}

/** got's stream of one request, never retried. */
function streamOf(client: Got, request: TransportRequest) {
  const stream = client.stream(request.url, {
    method: request.method as Method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    retry: { limit: 0 },
  });
  // got's stream of a POST without a body waits for its caller to write one, and the request
  // never leaves (`sleuth ingest stop` timed out): a request with nothing to send ends at once.
  if (request.body === undefined && request.method !== "GET") stream.end();
  return stream;
}
