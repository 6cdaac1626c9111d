// request.cookies and reply.setCookie come from the cookie plugin's type augmentation.
import type {} from "@fastify/cookie";
import { organizationHeader, type Role, roleAtLeast } from "@sleuth/sdk";
import type { FastifyReply, FastifyRequest } from "fastify";
import { findTokenUser } from "../accounts/apiTokens.ts";
import { findMembership, listMemberships } from "../accounts/organizations.ts";
import {
  callerKey,
  callersVersion,
  type RememberedCaller,
  recallCaller,
  rememberCaller,
} from "../accounts/rememberedCallers.ts";
import type { MembershipOrganizationRow, OrganizationRow, UserRow } from "../accounts/rows.ts";
import { findSessionUser, sessionLifetimeMs } from "../accounts/sessions.ts";
import { changeCount } from "../store/changeCounters.ts";
import type { Queryable } from "../store/store.ts";
import { forbidden, notFound, unauthenticated } from "./errors.ts";

export const sessionCookie = "sleuth_session";

/** Who is calling and in which organization; null fields when the user belongs to none (or not to the one asked). */
export interface Caller {
  user: UserRow;
  organization: OrganizationRow | null;
  role: Role | null;
  credential: RememberedCaller["credential"];
}

/** A caller acting inside an organization they belong to. */
export interface Member extends Caller {
  organization: OrganizationRow;
  role: Role;
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    /** Why credentials that were presented did not resolve, for the 401 message. */
    authProblem: string | null;
    /** True when x-sleuth-organization named an organization the caller does not belong to. */
    organizationUnknown: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? "";
}

function askedOrganization(request: FastifyRequest): string | undefined {
  const asked = request.headers[organizationHeader];
  return typeof asked === "string" && asked.trim() !== "" ? asked.trim() : undefined;
}

async function resolveOrganization(
  db: Queryable,
  request: FastifyRequest,
  user: UserRow,
  asked: string | undefined,
): Promise<MembershipOrganizationRow | null> {
  if (asked !== undefined) {
    const membership = await findMembership(db, user.id, asked);
    if (!membership) request.organizationUnknown = true;
    return membership ?? null;
  }
  // docs/API.md: without the header, the caller's first organization by membership date.
  const [first] = await listMemberships(db, user.id);
  return first ?? null;
}

function setCaller(
  request: FastifyRequest,
  user: UserRow,
  membership: MembershipOrganizationRow | null,
  credential: Caller["credential"],
): void {
  request.caller = { user, organization: membership, role: membership?.role ?? null, credential };
}

/**
 * The caller of a credential, remembered for a second (accounts/rememberedCallers.ts says why):
 * `find` looks the credential up in the store when it is not remembered.
 */
async function resolveRemembered(
  db: Queryable,
  request: FastifyRequest,
  credential: { kind: "session" | "token"; secret: string },
  find: () => Promise<{ user: UserRow; credential: Caller["credential"] } | { problem: string }>,
): Promise<void> {
  const asked = askedOrganization(request);
  const key = callerKey(credential.kind, credential.secret, asked);
  const changes = await changeCount(db, "callers");
  const known = recallCaller(db, key, changes);
  if (known) {
    request.organizationUnknown = known.organizationUnknown;
    setCaller(request, known.user, known.membership, known.credential);
    return;
  }
  const version = callersVersion();
  const found = await find();
  if ("problem" in found) {
    request.authProblem = found.problem;
    return;
  }
  const membership = await resolveOrganization(db, request, found.user, asked);
  rememberCaller(
    db,
    key,
    { ...found, membership, organizationUnknown: request.organizationUnknown },
    version,
    changes,
  );
  setCaller(request, found.user, membership, found.credential);
}

/**
 * Resolves the caller from a Bearer token (CLI, CI) or the session cookie (browser), then the
 * current organization. Never fails: routes that need a caller say so with requireUser/requireRole,
 * so a stale credential does not block signing in again.
 */
export async function resolveCaller(db: Queryable, request: FastifyRequest): Promise<void> {
  request.caller = null;
  request.authProblem = null;
  request.organizationUnknown = false;
  const token = bearerToken(request);
  if (token !== null) {
    return resolveRemembered(db, request, { kind: "token", secret: token }, async () => {
      const found = token ? await findTokenUser(db, token) : undefined;
      if (!found) return { problem: "The API token is not valid or was revoked" };
      return { user: found.user, credential: { kind: "token", tokenId: found.tokenId } };
    });
  }
  const sessionId = request.cookies[sessionCookie];
  if (!sessionId) return;
  return resolveRemembered(db, request, { kind: "session", secret: sessionId }, async () => {
    const user = await findSessionUser(db, sessionId);
    if (!user) return { problem: "Your session has ended; sign in again" };
    return { user, credential: { kind: "session", sessionId } };
  });
}

/** The signed-in caller, or 401. */
export function requireUser(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated(request.authProblem ?? "Sign in first");
  return request.caller;
}

/**
 * The caller inside the current organization with at least `minimum`'s rights: 401 without
 * credentials, 404 when the organization is not theirs, 403 when the role is too low.
 */
export function requireRole(request: FastifyRequest, minimum: Role = "viewer"): Member {
  const caller = requireUser(request);
  if (!caller.organization || !caller.role) {
    throw notFound(
      request.organizationUnknown ? "Organization not found" : "You are not a member of any organization yet",
    );
  }
  if (!roleAtLeast(caller.role, minimum)) throw forbidden(`This needs the ${minimum} role`);
  return caller as Member;
}

/** The organization and user a member's reads are scoped to. */
export function viewerOf(member: Member): { organizationId: number; userId: number } {
  return { organizationId: member.organization.id, userId: member.user.id };
}

/** Sets the browser session cookie: http-only, SameSite=Strict, 30 days (docs/API.md). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(sessionCookie, sessionId, {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    maxAge: Math.floor(sessionLifetimeMs / 1000),
    secure: request.protocol === "https",
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookie, { httpOnly: true, sameSite: "strict", path: "/" });
}

/** The bucket a request's rate limit is counted in. */
export function rateLimitKey(request: FastifyRequest): string {
  const credential = request.caller?.credential;
  if (credential?.kind === "token") return `token:${credential.tokenId}`;
  if (credential?.kind === "session") return `session:${credential.sessionId}`;
  return `address:${request.ip}`;
}
