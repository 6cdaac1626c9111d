import { z } from "zod";
import { type ApiVersionFamily, apiVersionOf } from "../constants/apiVersions.ts";
import { ApiError } from "./errors.ts";
import { linesOf } from "./lines.ts";
import {
  type HttpMethod,
  retryAfterMs,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./transport.ts";

export interface ClientConfig {
  /** Server root, e.g. http://127.0.0.1:7777 (no trailing slash needed). An empty string means same origin. */
  baseUrl: string;
  transport: Transport;
  /** Bearer token (CLI, CI). The browser relies on its http-only session cookie instead. */
  token?: string | null;
  /** The organization every call is scoped to; the server falls back to the user's first one. */
  organizationUuid?: string | null;
  /** Mints Idempotency-Key values; injectable for tests. */
  newIdempotencyKey?: () => string;
  /** 000 §6 `apiVersionLatest`: send each versioned call's latest version instead of its pinned one. */
  latestApiVersions?: boolean;
}

export interface RequestOptions<S extends z.ZodType> {
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  body?: unknown;
  /** Schema of the `data` member of the answer. */
  schema: S;
  signal?: AbortSignal;
  /** POSTs that create something carry a key so a retried or repeated request creates nothing twice. */
  idempotencyKey?: string | true;
  /**
   * Checks of the parsed `data` the schema cannot make alone (a bulk answer names only what the
   * request asked about); any issue fails the call as an invalid response, like a schema mismatch.
   */
  verify?: (data: z.infer<S>) => AnswerIssue[];
  /** Headers of this call only (the operator's credential, issue 40). */
  headers?: Record<string, string>;
  /** This call's time limit in ms, for a call known to run long (else the transport's policy). */
  timeoutMs?: number;
}

/** Something `verify` found wrong with an answer, shaped like a zod issue (an ApiError's details). */
export interface AnswerIssue {
  code: "custom";
  /** Where in the answer, from the envelope: `["data", 3, "addressChainUrn"]`. */
  path: (string | number)[];
  message: string;
}

export const organizationHeader = "x-sleuth-organization";
export const requestIdHeader = "x-request-id";

function envelopeSchema<S extends z.ZodType>(schema: S) {
  return z.object({ data: schema, meta: z.record(z.string(), z.unknown()).optional() });
}

// zod compiles an object schema on its first parse; building the envelope once per data schema
// (a batch run sends hundreds of bulk requests with one) keeps that compile out of every request.
const envelopes = new WeakMap<z.ZodType, ReturnType<typeof envelopeSchema>>();

function envelopeOf<S extends z.ZodType>(schema: S): ReturnType<typeof envelopeSchema> {
  let envelope = envelopes.get(schema);
  if (!envelope) {
    envelope = envelopeSchema(schema);
    envelopes.set(schema, envelope);
  }
  return envelope;
}

/**
 * The transport-agnostic core every API call goes through: URL and query building, auth and
 * organization headers, idempotency keys, the `{data, meta}` envelope and typed errors.
 */
export class HttpCore {
  private config: ClientConfig;

  constructor(config: ClientConfig) {
    this.config = config;
  }

  get organizationUuid(): string | null {
    return this.config.organizationUuid ?? null;
  }

  setOrganization(uuid: string | null): void {
    this.config = { ...this.config, organizationUuid: uuid };
  }

  setToken(token: string | null): void {
    this.config = { ...this.config, token };
  }

  /** 000 §6: the feature flag's API version choice, applied to every later call. */
  setLatestApiVersions(latest: boolean): void {
    this.config = { ...this.config, latestApiVersions: latest };
  }

  /** The version segment (`v5`) a call of this family is sent under now. */
  apiVersion(family: ApiVersionFamily): string {
    return apiVersionOf(family, this.config.latestApiVersions ?? false);
  }

  /** The credentials and organization every call carries (uploads build their own request). */
  callerHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.config.token) headers.authorization = `Bearer ${this.config.token}`;
    if (this.config.organizationUuid) headers[organizationHeader] = this.config.organizationUuid;
    return headers;
  }

  url(path: string, query?: RequestOptions<z.ZodType>["query"]): string {
    const base = this.config.baseUrl.replace(/\/+$/, "");
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
      else params.set(key, String(value));
    }
    const search = params.toString();
    return `${base}${path}${search ? `?${search}` : ""}`;
  }

  /**
   * A call whose answer is not the JSON envelope (a CSV file): the same headers, retries and error
   * envelope as `request`, the body answered as text with the answer's headers.
   */
  async requestText(
    method: HttpMethod,
    path: string,
    options: Omit<RequestOptions<z.ZodType>, "schema" | "verify">,
  ): Promise<{ body: string; headers: Record<string, string> }> {
    const response = await this.send(method, path, { ...options, accept: "text/csv, application/json" });
    return { body: response.body, headers: response.headers };
  }

  /**
   * A call answered as NDJSON (our row streams, docs/API.md): the same headers and error envelope
   * as `request`, the body's lines as they arrive (each without its line end; empty lines skipped).
   * Read through the transport's stream when it has one, else from the whole body.
   */
  async requestLines(
    method: HttpMethod,
    path: string,
    options: Omit<RequestOptions<z.ZodType>, "schema" | "verify">,
  ): Promise<{ lines: AsyncGenerator<string, void, undefined>; cancel(): void }> {
    const transport = this.config.transport;
    const response = await this.exchange(
      method,
      path,
      { ...options, accept: "application/x-ndjson, application/json" },
      async (request) => {
        if (transport.stream) return transport.stream(request);
        const whole = await transport.request(request);
        return { ...whole, body: [new TextEncoder().encode(whole.body)], cancel: () => {} };
      },
      async (answer) => {
        const decoder = new TextDecoder();
        let text = "";
        for await (const chunk of answer.body) text += decoder.decode(chunk, { stream: true });
        return text + decoder.decode();
      },
    );
    // A connection lost while the body arrives fails as any network failure does.
    async function* lines() {
      try {
        yield* linesOf(response.body);
      } catch (error) {
        if (options.signal?.aborted || error instanceof ApiError) throw error;
        throw new ApiError({
          status: 0,
          code: "network_error",
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return { lines: lines(), cancel: response.cancel };
  }

  private send(
    method: HttpMethod,
    path: string,
    options: Omit<RequestOptions<z.ZodType>, "schema" | "verify"> & { accept: string },
  ): Promise<TransportResponse> {
    return this.exchange(
      method,
      path,
      options,
      (request) => this.config.transport.request(request),
      async (response) => response.body,
    );
  }

  /**
   * One exchange through `call` (the transport's request or stream): auth, organization and
   * idempotency headers, a network failure as an ApiError, and an answer that is not 2xx as the
   * error its body (read whole by `bodyOf`) describes.
   */
  private async exchange<Answer extends { status: number; headers: Record<string, string> }>(
    method: HttpMethod,
    path: string,
    options: Omit<RequestOptions<z.ZodType>, "schema" | "verify"> & { accept: string },
    call: (request: TransportRequest) => Promise<Answer>,
    bodyOf: (answer: Answer) => Promise<string>,
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers, accept: options.accept };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (this.config.token) headers.authorization = `Bearer ${this.config.token}`;
    if (this.config.organizationUuid) headers[organizationHeader] = this.config.organizationUuid;
    if (options.idempotencyKey) {
      headers["idempotency-key"] =
        options.idempotencyKey === true
          ? (this.config.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID()))()
          : options.idempotencyKey;
    }
    const retrySafe =
      method === "GET" || method === "PUT" || method === "DELETE" || Boolean(options.idempotencyKey);
    let response: Answer;
    try {
      response = await call({
        method,
        url: this.url(path, options.query),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        retrySafe,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const timedOut = error instanceof Error && /timeout|timed out/i.test(`${error.name} ${error.message}`);
      throw new ApiError({
        status: 0,
        code: timedOut ? "timeout" : "network_error",
        message: error instanceof Error ? error.message : String(error),
      });
    }
    if (response.status < 200 || response.status >= 300) {
      throw ApiError.fromResponse(
        response.status,
        await bodyOf(response),
        response.headers[requestIdHeader] ?? null,
        retryAfterMs(response.headers["retry-after"]),
      );
    }
    return response;
  }

  async request<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<S>,
  ): Promise<{ data: z.infer<S>; meta: Record<string, unknown> | undefined }> {
    const response = await this.send(method, path, { ...options, accept: "application/json" });
    const requestId = response.headers[requestIdHeader] ?? null;
    if (response.status === 204) return { data: undefined as z.infer<S>, meta: undefined };
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      throw new ApiError({
        status: response.status,
        code: "invalid_response",
        message: "The answer was not JSON",
        requestId,
      });
    }
    const unexpected = (details: unknown) =>
      new ApiError({
        status: response.status,
        code: "invalid_response",
        message: `Unexpected answer from ${method} ${path}`,
        requestId,
        details,
      });
    const parsed = envelopeOf(options.schema).safeParse(json);
    if (!parsed.success) throw unexpected(parsed.error.issues);
    const envelope = parsed.data as { data: z.infer<S>; meta?: Record<string, unknown> };
    const issues = options.verify?.(envelope.data) ?? [];
    if (issues.length > 0) throw unexpected(issues);
    return { data: envelope.data, meta: envelope.meta };
  }
}
