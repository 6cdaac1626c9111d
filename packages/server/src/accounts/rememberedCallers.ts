import { countChange } from "../store/changeCounters.ts";
import type { Queryable } from "../store/store.ts";
import { StoreMemory } from "../store/storeMemory.ts";
import type { MembershipOrganizationRow, UserRow } from "./rows.ts";

// Every request resolves its caller: a Bearer token or a session cookie to its user, then the
// membership of the organization asked, two statements. `sleuth batch` sends hundreds of requests a
// second with one token, and the console's palette sends its sections' searches side by side with
// one session: on the embedded store those statements cost as much as the lookups themselves. A
// resolved credential is remembered for a second. Every change that could alter a resolution (a token
// revoked, a session ended, a membership set, an organization renamed or deleted) counts itself in
// the store (noteCallersChange) and forgets them all at once in its own process; a request recalls only
// resolutions made under the store's current count, so every other process on the same PostgreSQL
// database sees the change at its next request (issue 46). A session that expires is honoured up to a
// second late.

/** What a credential and the organization a request asked for resolved to. */
export interface RememberedCaller {
  user: UserRow;
  credential: { kind: "session"; sessionId: string } | { kind: "token"; tokenId: number };
  membership: MembershipOrganizationRow | null;
  /** The request named an organization the user does not belong to. */
  organizationUnknown: boolean;
}

// Two generations of 500: a flood of distinct credentials cannot grow it.
const memory = new StoreMemory<RememberedCaller>({ lifetimeMs: 1_000, generationSize: 500 });

/**
 * The key of a presented credential (a token's or a session cookie's secret) and the organization
 * header as sent (absent header: the user's first organization).
 */
export function callerKey(
  kind: "session" | "token",
  secret: string,
  organization: string | undefined,
): string {
  return `${kind}\u0000${organization ?? ""}\u0000${secret}`;
}

/** A remembered resolution, if one was made under the store's change count `changes` (changeCount). */
export function recallCaller(
  store: object,
  key: string,
  changes: number,
  now = Date.now(),
): RememberedCaller | undefined {
  return memory.of(store, changes).recall(key, now);
}

/** Where the memory stands: a resolution begun before a change must not be remembered after it. */
export function callersVersion(): number {
  return memory.version();
}

/**
 * Remembers `caller`, resolved from the store since `version` (callersVersion) under its change count
 * `changes`; not when a change in this process has forgotten the remembered callers meanwhile, for
 * the resolution may predate that change.
 */
export function rememberCaller(
  store: object,
  key: string,
  caller: RememberedCaller,
  version: number,
  changes: number,
  now = Date.now(),
): void {
  memory.of(store, changes).remember(key, caller, version, now);
}

/** Forgets every resolution this process remembered, of every store. */
export function forgetCallers(): void {
  memory.forget();
}

/**
 * Called by each change that could alter a resolution, on the queryable that made it (its
 * transaction, or the store right after its one statement): every process stops recalling the
 * resolutions made before.
 */
export async function noteCallersChange(db: Queryable): Promise<void> {
  await countChange(db, "callers");
  memory.forget();
}
