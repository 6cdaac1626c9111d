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

interface Remembered {
  generation: number;
  expiresAt: number;
  caller: TokenCaller;
}

const lifetimeMs = 1_000;
// Bounded so a flood of distinct tokens cannot grow it: when full, it starts over.
const maxEntries = 1_000;

let generation = 0;
// One memory per store, so servers on different stores in one process never share an answer.
const memories = new WeakMap<object, Map<string, Remembered>>();

function memoryOf(store: object): Map<string, Remembered> {
  let memory = memories.get(store);
  if (!memory) {
    memory = new Map();
    memories.set(store, memory);
  }
  return memory;
}

/** The key of a token and the organization header as sent (absent header: the user's first organization). */
export function tokenCallerKey(token: string, organization: string | undefined): string {
  return `${organization ?? ""}\u0000${token}`;
}

export function recallTokenCaller(store: object, key: string, now = Date.now()): TokenCaller | undefined {
  const memory = memories.get(store);
  const remembered = memory?.get(key);
  if (!remembered) return undefined;
  if (remembered.generation !== generation || remembered.expiresAt <= now) {
    memory?.delete(key);
    return undefined;
  }
  return remembered.caller;
}

/** Where the memory stands: a resolution begun before a change must not be remembered after it. */
export function tokenCallersVersion(): number {
  return generation;
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
  if (version !== generation) return;
  const memory = memoryOf(store);
  if (memory.size >= maxEntries) memory.clear();
  memory.set(key, { generation, expiresAt: now + lifetimeMs, caller });
}

/** Forgets every remembered token resolution, of every store: called by each change that could alter one. */
export function forgetTokenCallers(): void {
  generation++;
}
