import { StoreMemory } from "../store/index.ts";
import type { MembershipOrganizationRow, UserRow } from "./rows.ts";

// A script or `sleuth batch` sends hundreds of requests a second with the same Bearer token, and
// resolving it (token and user, then the membership) was two statements per request: on the
// embedded store, more than the bulk lookup a request makes. A resolved token is remembered for a
// second. Every change in this process that could alter a resolution (a token revoked, a
// membership set, an organization renamed or deleted) forgets them all at once; another process on
// the same PostgreSQL database sees such a change within the second.

/** What a Bearer token and the organization a request asked for resolved to. */
export interface TokenCaller {
  user: UserRow;
  tokenId: number;
  membership: MembershipOrganizationRow | null;
  /** The request named an organization the user does not belong to. */
  organizationUnknown: boolean;
}

// Two generations of 500: a flood of distinct tokens cannot grow it.
const memory = new StoreMemory<TokenCaller>({ lifetimeMs: 1_000, generationSize: 500 });

/** The key of a token and the organization header as sent (absent header: the user's first organization). */
export function tokenCallerKey(token: string, organization: string | undefined): string {
  return `${organization ?? ""}\u0000${token}`;
}

export function recallTokenCaller(store: object, key: string, now = Date.now()): TokenCaller | undefined {
  return memory.recall(store, key, now);
}

/** Where the memory stands: a resolution begun before a change must not be remembered after it. */
export function tokenCallersVersion(): number {
  return memory.version();
}

/**
 * Remembers `caller`, resolved from the store since `version` (tokenCallersVersion); not when a change
 * has forgotten the remembered tokens meanwhile, for the resolution may predate that change.
 */
export function rememberTokenCaller(
  store: object,
  key: string,
  caller: TokenCaller,
  version: number,
  now = Date.now(),
): void {
  memory.remember(store, key, caller, version, now);
}

/** Forgets every remembered token resolution, of every store: called by each change that could alter one. */
export function forgetTokenCallers(): void {
  memory.forget();
}
