/** Anything SQL can be sent to: the store itself or an open transaction. Same SQL on both engines. */
export interface Queryable {
  /** Runs one parameterised statement and answers its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type StoreKind = "pglite" | "postgres";

/** The one storage interface over embedded PGlite and PostgreSQL. */
export interface Store extends Queryable {
  readonly kind: StoreKind;
  /** Runs `fn` in one transaction: everything it wrote commits together, or nothing does. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  /**
   * Statements and transactions waiting for the store: PostgreSQL's callers queued for a pool
   * client, PGlite's queued behind the one running (it runs one at a time).
   */
  waiting(): number;
  /**
   * Issue 41's load shedding: about how long work asked for now would wait before it runs, in ms
   * (the queue times the recent time one unit holds the store; storeWait.ts).
   */
  expectedWaitMs(): number;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique violation, the same on both engines. */
export const uniqueViolation = "23505";

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === uniqueViolation && (constraint === undefined || name === constraint);
}

// Issue 41: the database is unreachable or was restarted under us (SQLSTATE class 08, and 57P01-03
// "terminated / shutting down / cannot connect now"), or node-postgres gave up waiting for it.
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
]);
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection lost/i;

/** True when `error` says the store cannot be reached now (a later try may work): answer 503. */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
  return typeof message === "string" && unavailableMessages.test(message);
}
