import { sleep } from "./sleep.ts";
import {
  defaultRetryPolicy,
  type RetryPolicy,
  retryDelayMs,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./transport.ts";

/**
 * Told when a request starts waiting to be sent again (a 503 with Retry-After from a busy server,
 * issue 41) and when that request is over, answered or given up: the console says "busy, retrying"
 * in between.
 */
export interface RetryWatcher {
  retrying(retry: { status: number | null; delayMs: number }): void;
  settled(): void;
}

/**
 * The browser's transport. fetch has no retry of its own, so this applies the same RetryPolicy the
 * got transport hands to got. Cookies ride along (`credentials: "include"`) for the console session.
 */
export function createFetchTransport(
  options: {
    fetch?: typeof fetch;
    policy?: RetryPolicy;
    credentials?: "include" | "same-origin" | "omit";
    retryWatcher?: RetryWatcher;
  } = {},
): Transport {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const policy = options.policy ?? defaultRetryPolicy;
  const watcher = options.retryWatcher;

  async function send(
    request: TransportRequest,
    wait: (status: number | null, delayMs: number) => Promise<void>,
  ): Promise<TransportResponse> {
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
        await wait(null, retryDelayMs(attempt + 1, undefined, policy));
        continue;
      }
      const retry =
        request.retrySafe && attempt < policy.limit && policy.statusCodes.includes(response.status);
      if (!retry) return response;
      await wait(response.status, retryDelayMs(attempt + 1, response.headers["retry-after"], policy));
    }
  }

  return {
    async request(request) {
      let retried = false;
      try {
        return await send(request, async (status, delayMs) => {
          if (!retried) watcher?.retrying({ status, delayMs });
          retried = true;
          await sleep(delayMs, request.signal);
        });
      } finally {
        if (retried) watcher?.settled();
      }
    },
  };
}
