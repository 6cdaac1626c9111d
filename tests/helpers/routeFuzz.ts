// Issue 41 "every route fuzzed": one route of the server, sent its example, then valid, near-valid and
// invalid bodies, queries and path parameters generated from the SDK's schemas (schemaArbitraries.ts).
// Whatever is sent, the answer is never a 5xx, and every refusal is the one error envelope of
// docs/API.md with the answer's own request id.
import { errorEnvelopeSchema, requestIdHeader } from "@sleuth/sdk";
import fc from "fast-check";
import type { z } from "zod";
import {
  fromQueryString,
  inputArbitrary,
  invalidJson,
  invalidSegment,
  nearValidArbitrary,
  nearValidSegment,
  type StringPool,
  toQueryString,
  validArbitrary,
} from "./schemaArbitraries.ts";

/** What a request to one route is made of, from the SDK's schemas, with one example it accepts. */
export interface FuzzTarget {
  /** The JSON body's schema. */
  body?: z.ZodType;
  /** The query string's schema (values as text, lists as repeated keys). */
  query?: z.ZodType;
  /** The path parameters' schema, an object of texts. */
  params?: z.ZodType;
  example: {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, string>;
    raw?: RawBody;
  };
  /** What the example alone may answer; 2xx by default. */
  exampleAnswers?: readonly number[];
  /**
   * A body that is not JSON: `file` raw bytes of the given variants (imports), `image` a multipart
   * form holding an image (image scan).
   */
  raw?: RawBodies;
  headers?: Record<string, string>;
  /** Runs after the example; the suite's default otherwise (costly routes take fewer). */
  runs?: number;
  /**
   * Changes or removes something other routes read (an organization, a member, a token): run after
   * every other route, with only its own example's strings to draw from.
   */
  destructive?: boolean;
  /** Strings only from its own example (it would change a shared object named by the pool). */
  ownPool?: boolean;
}

export interface RawBody {
  bytes: Uint8Array | string;
  contentType: string;
}

export interface RawBodies {
  kind: "file" | "image";
  valid: fc.Arbitrary<RawBody>;
  nearValid: fc.Arbitrary<RawBody>;
}

export interface FuzzRequest {
  kind: "example" | "valid" | "near-valid" | "invalid";
  /** Where the near-valid or invalid part is. */
  at: "body" | "query" | "params" | "-";
  method: string;
  path: string;
  body?: unknown;
  raw?: RawBody;
}

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Every string that reads as a URL points at this machine: a generated webhook or node URL is
 * contacted by the server, and nothing may leave the loopback (the workplace's rule for load tests).
 */
function keepLocal(value: unknown): unknown {
  if (typeof value === "string") {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(value.trim())) return value;
    try {
      const url = new URL(value.trim());
      if (url.hostname && !loopbackHosts.has(url.hostname)) return "http://127.0.0.1:9/";
    } catch {
      return value;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(keepLocal);
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(copy, key, {
        value: keepLocal(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  return value;
}

function pathWith(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent((params[name] ?? "").toWellFormed()),
  );
}

function textParams(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) if (item !== undefined) result[key] = String(item);
  return result;
}

/** All strings in a value: a target's own pool. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (value instanceof Uint8Array) return out;
  if (typeof value === "string") out.push(value);
  else if (typeof value === "number") out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** The requests fuzzing a route sends after its example. */
export function requestsFor(
  key: string,
  target: FuzzTarget,
  globalPool: StringPool,
): fc.Arbitrary<FuzzRequest> {
  const [method, template] = key.split(" ") as [string, string];
  const pool = target.ownPool || target.destructive ? stringsIn(target.example) : globalPool;
  const { example } = target;
  const exampleQuery = example.query ?? {};
  const exampleParams = example.params ?? {};

  const validBody: fc.Arbitrary<unknown> = target.body
    ? validArbitrary(target.body, example.body, pool)
    : fc.constant(example.body);
  const validQuery: fc.Arbitrary<Record<string, unknown>> = target.query
    ? inputArbitrary(target.query, { pool, hint: exampleQuery }).map((candidate) => {
        const wire = fromQueryString(toQueryString(candidate));
        return (target.query!.safeParse(wire).success ? candidate : exampleQuery) as Record<string, unknown>;
      })
    : fc.constant(exampleQuery);
  const validParams: fc.Arbitrary<Record<string, string>> = target.params
    ? inputArbitrary(target.params, { pool, hint: exampleParams }).map((candidate) => {
        const text = textParams(candidate);
        return target.params!.safeParse(text).success && Object.values(text).every((value) => value !== "")
          ? text
          : exampleParams;
      })
    : fc.constant(exampleParams);

  const locations: ("body" | "query" | "params")[] = ["query"];
  if (target.body || target.raw || method !== "GET") locations.push("body");
  if (Object.keys(exampleParams).length > 0) locations.push("params");

  const nearQuery = nearValidArbitrary(validQuery).map(
    (value) =>
      (value && typeof value === "object" && !Array.isArray(value) ? value : { q: value }) as Record<
        string,
        unknown
      >,
  );
  const invalidQuery = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.string({ maxLength: 30 }),
    {
      maxKeys: 4,
    },
  );
  const nearParams = validParams.chain((params) => {
    const names = Object.keys(params);
    return fc
      .constantFrom(...names)
      .chain((name) => nearValidSegment(params[name]!).map((value) => ({ ...params, [name]: value })));
  });
  const invalidParams = validParams.chain((params) =>
    fc.record(Object.fromEntries(Object.keys(params).map((name) => [name, invalidSegment]))),
  );
  const rawInvalid: fc.Arbitrary<RawBody> = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ bytes, contentType: "application/octet-stream" })),
    fc.string({ maxLength: 500 }).map((text) => ({ bytes: text, contentType: "text/plain" })),
    fc
      .tuple(
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom("application/json", "text/csv", "multipart/form-data"),
      )
      .map(([value, contentType]) => ({ bytes: JSON.stringify(value) ?? "", contentType })),
  );

  const build = (
    kind: FuzzRequest["kind"],
    at: FuzzRequest["at"],
    parts: { body: unknown; query: Record<string, unknown>; params: Record<string, string>; raw?: RawBody },
  ): FuzzRequest => ({
    kind,
    at,
    method,
    path: `${pathWith(template, parts.params)}${toQueryString(keepLocal(parts.query))}`,
    body: keepLocal(parts.body),
    raw: parts.raw,
  });

  const validRaw = target.raw?.valid ?? fc.constant(undefined);
  const valid = fc
    .record({ body: validBody, query: validQuery, params: validParams, raw: validRaw })
    .map((parts) => build("valid", "-", parts));
  const near = fc.constantFrom(...locations).chain((at) => {
    const parts = fc.record({
      body: at === "body" && !target.raw ? nearValidArbitrary(validBody) : validBody,
      query: at === "query" ? nearQuery : validQuery,
      params: at === "params" ? nearParams : validParams,
      raw: at === "body" && target.raw ? target.raw.nearValid : validRaw,
    });
    return parts.map((value) => build("near-valid", at, value));
  });
  const invalid = fc.constantFrom(...locations).chain((at) => {
    const parts = fc.record({
      body: at === "body" && !target.raw ? invalidJson : validBody,
      query: at === "query" ? invalidQuery : validQuery,
      params: at === "params" ? invalidParams : validParams,
      raw: at === "body" && target.raw ? rawInvalid : validRaw,
    });
    return parts.map((value) => build("invalid", at, value));
  });
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: near },
    { weight: 2, arbitrary: invalid },
  );
}

/** The example request, exactly as the target gives it. */
export function exampleRequest(key: string, target: FuzzTarget): FuzzRequest {
  const [method, template] = key.split(" ") as [string, string];
  return {
    kind: "example",
    at: "-",
    method,
    path: `${pathWith(template, target.example.params ?? {})}${toQueryString(target.example.query ?? {})}`,
    body: target.example.body,
    raw: target.example.raw,
  };
}

export interface Answer {
  status: number;
  contentType: string;
  requestId: string | null;
  text: string;
}

/** Sends one request and reads the whole answer (a stream that breaks off is a failure too). */
export async function sendFuzzRequest(
  baseUrl: string,
  request: FuzzRequest,
  headers: Record<string, string>,
): Promise<Answer> {
  const init: RequestInit & { headers: Record<string, string> } = {
    method: request.method,
    headers: { ...headers },
    signal: AbortSignal.timeout(30_000),
  };
  const raw = request.raw;
  if (raw) {
    if (raw.contentType === "multipart/form-data:image") {
      const form = new FormData();
      form.append("file", new Blob([raw.bytes as Uint8Array<ArrayBuffer>]), "upload.png");
      init.body = form;
    } else {
      init.headers["content-type"] = raw.contentType;
      init.body = typeof raw.bytes === "string" ? raw.bytes : (raw.bytes as Uint8Array<ArrayBuffer>);
    }
  } else if (request.body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(request.body);
  }
  const response = await fetch(`${baseUrl}${request.path}`, init);
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    requestId: response.headers.get(requestIdHeader),
    text: await response.text(),
  };
}

/** Why an answer breaks the rules (no 5xx; a refusal is the one envelope), or null. */
export function answerProblem(answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return null;
  if (!answer.contentType.startsWith("application/json"))
    return `a ${answer.status} refusal of type ${answer.contentType}: ${answer.text.slice(0, 200)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `a ${answer.status} refusal that is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const envelope = errorEnvelopeSchema.safeParse(parsed);
  if (!envelope.success)
    return `a ${answer.status} refusal outside the envelope: ${answer.text.slice(0, 200)}`;
  if (envelope.data.error.requestId !== answer.requestId)
    return `a ${answer.status} refusal whose requestId is not the answer's ${requestIdHeader}`;
  return null;
}

/** Describes a request for a failure message, bodies cut short. */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.raw !== undefined
      ? `<${request.raw.contentType}, ${typeof request.raw.bytes === "string" ? request.raw.bytes.length : request.raw.bytes.byteLength} bytes>`
      : request.body === undefined
        ? ""
        : (JSON.stringify(request.body) ?? "").slice(0, 400);
  return `${request.kind}${request.at === "-" ? "" : ` ${request.at}`}: ${request.method} ${request.path.slice(0, 300)} ${body}`;
}
