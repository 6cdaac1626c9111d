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
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique violation, the same on both engines. */
export const uniqueViolation = "23505";

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === uniqueViolation && (constraint === undefined || name === constraint);
}
