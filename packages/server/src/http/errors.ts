import { busyRetryAfter, busyRetryAfterSeconds, type ErrorCode } from "@sleuth/sdk";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { StoreDeadlineError } from "../store/requestDeadline.ts";
import { isStoreUnavailable } from "../store/store.ts";

/** An answer other than success, thrown from any hook or handler; the error handler renders it. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (message = "Not found") => new HttpError(404, "not_found", message);
export const unauthenticated = (message = "Sign in first") => new HttpError(401, "unauthenticated", message);
export const forbidden = (message = "You do not have permission to do that") =>
  new HttpError(403, "forbidden", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);

/** The issues of a failed zod parse, as the `details` of a bad_request answer. */
export function issuesOf(error: ZodError): Array<{ path: PropertyKey[]; code: string; message: string }> {
  return error.issues.map((issue) => ({ path: issue.path, code: issue.code, message: issue.message }));
}

export function badRequest(message: string, details?: unknown): HttpError {
  return new HttpError(400, "bad_request", message, { details });
}

const codeByStatus: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  // A path parameter longer than any id the API hands out (fastify's router limit).
  414: "bad_request",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "unavailable",
};

/** Sends the one error envelope of docs/API.md. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    headers?: Record<string, string>;
  },
) {
  reply.code(error.status).headers(error.headers ?? {});
  const body: { code: string; message: string; requestId: string; details?: unknown } = {
    code: error.code,
    message: error.message,
    requestId: request.id,
  };
  if (error.details !== undefined) body.details = error.details;
  return reply.type("application/json; charset=utf-8").send({ error: body });
}

/**
 * Turns anything thrown into the envelope. Our HttpErrors and zod errors keep their message; the
 * framework's client errors (bad JSON, body too large) keep theirs; anything else is logged with
 * the request and answered `internal` without a trace of the cause.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return sendError(request, reply, error);
  if (error instanceof ZodError) {
    return sendError(request, reply, {
      status: 400,
      code: "bad_request",
      message: "The request is not valid",
      details: issuesOf(error),
    });
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return sendError(request, reply, {
      status,
      code: codeByStatus[status] ?? "bad_request",
      message: (error as FastifyError).message,
    });
  }
  if (error instanceof StoreDeadlineError) {
    // Issue 41: refused before its next statement, past its deadline; nothing it began was cut.
    return sendError(request, reply, {
      status: 503,
      code: "unavailable",
      message: "The store is busy; try again shortly",
      headers: {
        "retry-after": String(busyRetryAfterSeconds(error.waitedMs, error.shortestRetryAfterSeconds)),
      },
    });
  }
  if (isStoreUnavailable(error)) {
    request.log.warn({ err: error }, "store unavailable");
    return sendError(request, reply, {
      status: 503,
      code: "unavailable",
      message: "The store is not answering; try again shortly",
      // How long the store stays away is unknown: the shortest wait.
      headers: { "retry-after": String(busyRetryAfter.shortestSeconds) },
    });
  }
  request.log.error({ err: error }, "request failed");
  if (status === 503)
    return sendError(request, reply, { status, code: "unavailable", message: "The server is not ready" });
  return sendError(request, reply, {
    status: 500,
    code: "internal",
    message: "Something went wrong on the server",
  });
}
