import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Issue 41: the store work of one HTTP request, carried with it through its handler
 * (AsyncLocalStorage, `http/loadShedding.ts` enters it). The embedded store counts here how long
 * the request's statements waited for their turn, and refuses the next one once the request is past
 * its deadline, unless the request has already written: a request that wrote is never cut short.
 */
export class RequestStoreWork {
  /** When the server read the request (performance.now()). */
  readonly arrivedAt: number;
  /** Past this (performance.now()), a statement the request has not started yet is refused. */
  readonly deadline: number;
  /** How long its statements and transactions waited for their turn, in all. */
  waitedMs = 0;
  /** A write or a transaction ran: what follows runs too, so the request is whole. */
  wrote = false;

  /** The shortest Retry-After of a refusal (SLEUTH_SHED_RETRY_AFTER_SECONDS). */
  readonly shortestRetryAfterSeconds: number;

  /** `deadlineMs` 0: no deadline. */
  constructor(arrivedAt: number, deadlineMs: number, shortestRetryAfterSeconds: number) {
    this.arrivedAt = arrivedAt;
    this.deadline = deadlineMs > 0 ? arrivedAt + deadlineMs : Number.POSITIVE_INFINITY;
    this.shortestRetryAfterSeconds = shortestRetryAfterSeconds;
  }
}

export const requestStoreWork = new AsyncLocalStorage<RequestStoreWork>();

/**
 * A request's next statement would have started past its deadline: it was not run, nor anything
 * after it; the request is answered 503 with Retry-After (http/errors.ts). Never thrown once the
 * request has written, nor inside a transaction.
 */
export class StoreDeadlineError extends Error {
  /** How long its statements waited for their turn, in all: what its Retry-After tells. */
  readonly waitedMs: number;
  readonly shortestRetryAfterSeconds: number;
  constructor(request: RequestStoreWork) {
    super("The store is busy: the request's deadline passed before its turn");
    this.name = "StoreDeadlineError";
    this.waitedMs = request.waitedMs;
    this.shortestRetryAfterSeconds = request.shortestRetryAfterSeconds;
  }
}

/**
 * Whether a statement only reads. Anything else, and any transaction, counts as a write: after it
 * the request is no longer refused. Conservative on purpose: `SELECT … FOR UPDATE` or a data-changing
 * CTE counts as a write.
 */
export function isReadOnlyStatement(sql: string): boolean {
  return (
    /^\s*(select|with|show|explain)\b/i.test(sql) &&
    !/\b(insert|update|delete|merge|nextval|setval|lock|pg_advisory\w*)\b/i.test(sql)
  );
}
