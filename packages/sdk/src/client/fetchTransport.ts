import { sleep } from "./sleep.ts";
import {
  defaultRetryPolicy,
  type RetryPolicy,
  retryDelayMs,
  type Transport,
  type TransportResponse,
} from "./transport.ts";

/**
 * The browser's transport. fetch has no retry of its own, so this applies the same RetryPolicy the
 * got transport hands to got. Cookies ride along (`credentials: "include"`) for the console session.
 */
export function createFetchTransport(
  options: {
    fetch?: typeof fetch;
    policy?: RetryPolicy;
    credentials?: "include" | "same-origin" | "omit";
  } = {},
): Transport {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const policy = options.policy ?? defaultRetryPolicy;
  return {
    async request(request) {
      for (let attempt = 0; ; attempt++) {
        const timeout = AbortSignal.timeout(request.timeoutMs ?? policy.timeoutMs);
        const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
        let response: TransportResponse;
        try {
          const res = await doFetch(request.url, {
            method: request.method,
            headers: request.headers,
            body: request.body,
            signal,
            credentials: options.credentials ?? "include",
          });
          const headers: Record<string, string> = {};
          res.headers.forEach((value, key) => {
            headers[key] = value;
          });
          response = { status: res.status, headers, body: await res.text() };
        } catch (error) {
          if (request.signal?.aborted || !request.retrySafe || attempt >= policy.limit) throw error;
          await sleep(retryDelayMs(attempt + 1, undefined, policy), request.signal);
          continue;
        }
        const retry =
          request.retrySafe && attempt < policy.limit && policy.statusCodes.includes(response.status);
        if (!retry) return response;
        await sleep(retryDelayMs(attempt + 1, response.headers["retry-after"], policy), request.signal);
      }
    },
  };
}
