import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Issue 41: the store work of one HTTP request, carried with it through its handler
 * (AsyncLocalStorage, `http/loadShedding.ts` enters it). The embedded store counts here how long
 * the request's statements waited for their turn, and refuses the next one once they have waited
 * longer than the request's wait budget in all, unless the request has already written: a request
 * that wrote is never cut short. The budget counts waiting, not running: a slow request on an idle
 * store is never refused, only one that queued behind others for that long.
 */
export class RequestStoreWork {
  /** When the server read the request (performance.now()). */
  readonly arrivedAt: number;
  /** How long its statements may wait for their turn, in all, before the next is refused. */
  readonly waitBudgetMs: number;
  /** How long its statements and transactions waited for their turn, in all. */
  waitedMs = 0;
  /** A write or a transaction ran: what follows runs too, so the request is whole. */
  wrote = false;
  /** How many units of store work (statements, transactions) it was let in to run. */
  units = 0;

  /** The shortest Retry-After of a refusal (SLEUTH_SHED_RETRY_AFTER_SECONDS). */
  readonly shortestRetryAfterSeconds: number;

  /** `deadlineMs` 0: no budget. */
  constructor(arrivedAt: number, deadlineMs: number, shortestRetryAfterSeconds: number) {
    this.arrivedAt = arrivedAt;
    this.waitBudgetMs = deadlineMs > 0 ? deadlineMs : Number.POSITIVE_INFINITY;
    this.shortestRetryAfterSeconds = shortestRetryAfterSeconds;
  }

  /** When (performance.now()) a statement asked for at `askedAt` gives up its place; never once written. */
  giveUpAt(askedAt: number): number {
    return this.wrote ? Number.POSITIVE_INFINITY : askedAt + Math.max(0, this.waitBudgetMs - this.waitedMs);
  }

  /**
   * Counts a statement's wait for its turn, from `askedAt` to `now`: refuses it (StoreDeadlineError)
   * when it was not let in by its give-up time, and marks the request written once a write runs.
   */
  tookTurn(askedAt: number, now: number, letIn: boolean, writes: boolean): void {
    this.waitedMs += now - askedAt;
    if (!letIn) throw new StoreDeadlineError(this);
    this.units++;
    if (writes) this.wrote = true;
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
    super("The store is busy: the request waited its budget before its turn");
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
