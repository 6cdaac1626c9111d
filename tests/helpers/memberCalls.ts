import type { TestServer } from "./server.ts";

export interface MemberCallOptions {
  body?: unknown;
  /** Sent as x-sleuth-organization. */
  organization?: string;
  /** Sent as Idempotency-Key. */
  key?: string;
}

/**
 * One JSON call as a signed-in member: status and parsed body (null when empty). Tests of the
 * organization-scoped routes use it to act as different members and organizations.
 */
export function memberCalls(server: () => TestServer) {
  return async (token: string, method: string, path: string, options: MemberCallOptions = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.organization) headers["x-sleuth-organization"] = options.organization;
    if (options.key) headers["idempotency-key"] = options.key;
    const response = await server().fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields the route answers.
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };
}
