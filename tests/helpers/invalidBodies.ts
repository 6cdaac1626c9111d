import fc from "fast-check";
import { expect } from "vitest";
import type { TestServer } from "./server.ts";

/** A route and one body it accepts; `required` are the fields whose absence makes it invalid. */
export interface BodyTarget {
  method: string;
  path: string;
  valid: Record<string, unknown> | unknown[];
  required?: readonly string[];
}

const notJsonObject = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null));

/** A value that cannot stand where `original` stands: a different JSON kind altogether. */
function wrongKindFor(original: unknown): fc.Arbitrary<unknown> {
  const kinds: fc.Arbitrary<unknown>[] = [];
  if (typeof original !== "string") kinds.push(fc.string({ maxLength: 20 }));
  if (typeof original !== "number") kinds.push(fc.integer());
  if (typeof original !== "boolean") kinds.push(fc.boolean());
  if (!Array.isArray(original)) kinds.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (original === null || typeof original !== "object" || Array.isArray(original))
    kinds.push(fc.constant({ unexpected: 1 }));
  return fc.oneof(...kinds);
}

/** Bodies built from the valid one that no schema of the route can accept. */
function invalidBodiesOf(target: BodyTarget): fc.Arbitrary<unknown> {
  const { valid } = target;
  if (Array.isArray(valid))
    return fc.oneof(
      notJsonObject,
      fc.constant({ operations: valid }),
      fc
        .nat({ max: Math.max(0, valid.length - 1) })
        .chain((at) =>
          wrongKindFor(valid[at]).map((value) => valid.map((each, index) => (index === at ? value : each))),
        ),
    );
  const fields = Object.keys(valid);
  const options: fc.Arbitrary<unknown>[] = [
    notJsonObject,
    fc.array(fc.constant(valid), { maxLength: 2 }),
    fc
      .constantFrom(...fields)
      .chain((field) => wrongKindFor(valid[field]).map((value) => ({ ...valid, [field]: value }))),
  ];
  if (target.required && target.required.length > 0)
    options.push(
      fc.constantFrom(...target.required).map((field) => {
        const { [field]: _dropped, ...rest } = valid;
        return rest;
      }),
    );
  return fc.oneof(...options);
}

/**
 * docs/API.md "bad input answers 400, never 500": bodies that cannot be valid (not an object, a
 * field of the wrong kind, a required field missing) answer 400 in the one error envelope.
 */
export async function expectInvalidBodiesRefused(
  server: TestServer,
  token: string,
  targets: readonly BodyTarget[],
  numRuns = 40,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc
        .constantFrom(...targets)
        .chain((target) => invalidBodiesOf(target).map((body) => ({ target, body }))),
      async ({ target, body }) => {
        const response = await server.fetch(target.path, {
          method: target.method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as { error?: { code?: string } };
        expect({ status: response.status, code: answer.error?.code }).toEqual({
          status: 400,
          code: "bad_request",
        });
      },
    ),
    { numRuns },
  );
}
