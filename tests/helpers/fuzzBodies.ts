import fc from "fast-check";
import { expect } from "vitest";
import type { TestServer } from "./server.ts";

/**
 * docs/API.md: arbitrary JSON bodies sent to `targets` never answer 500; every refusal is the one
 * error envelope. A body that happens to be valid may succeed.
 */
export async function expectNoServerErrors(
  server: TestServer,
  token: string,
  targets: readonly [method: string, path: string][],
  numRuns = 60,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...targets), fc.jsonValue(), async ([method, path], body) => {
      const response = await server.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400)
        expect(((await response.json()) as { error?: { code?: string } }).error?.code).toBeDefined();
    }),
    { numRuns },
  );
}
