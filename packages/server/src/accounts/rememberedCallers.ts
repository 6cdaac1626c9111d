import { StoreMemory } from "../store/storeMemory.ts";
import type { MembershipOrganizationRow, UserRow } from "./rows.ts";

// Every request resolves its caller: a Bearer token or a session cookie to its user, then the
// membership of the organization asked, two statements. `sleuth batch` sends hundreds of requests a
// second with one token, and the console's palette sends its sections' searches side by side with
// one session: on the embedded store those statements cost as much as the lookups themselves. A
// resolved credential is remembered for a second. Every change in this process that could alter a
// resolution (a token revoked, a session ended, a membership set, an organization renamed or
// deleted) forgets them all at once; another process on the same PostgreSQL database sees such a
// change within the second, and a session that expires is honoured up to a second late.

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

export function recallCaller(store: object, key: string, now = Date.now()): RememberedCaller | undefined {
  return memory.of(store).recall(key, now);
}

/** Where the memory stands: a resolution begun before a change must not be remembered after it. */
export function callersVersion(): number {
  return memory.version();
}

/**
 * Remembers `caller`, resolved from the store since `version` (callersVersion); not when a change
 * has forgotten the remembered callers meanwhile, for the resolution may predate that change.
 */
export function rememberCaller(
  store: object,
  key: string,
  caller: RememberedCaller,
  version: number,
  now = Date.now(),
): void {
  memory.of(store).remember(key, caller, version, now);
}

/** Forgets every remembered resolution, of every store: called by each change that could alter one. */
export function forgetCallers(): void {
  memory.forget();
}
