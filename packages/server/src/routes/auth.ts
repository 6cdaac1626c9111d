import { loginBodySchema, signInMessages } from "@sleuth/sdk";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { logActivity } from "../accounts/activity.ts";
import { findDemoUser } from "../accounts/demoAccounts.ts";
import { listMemberships } from "../accounts/organizations.ts";
import { verifyAgainstDecoy, verifyPassword } from "../accounts/passwords.ts";
import { toUser, type UserRow } from "../accounts/rows.ts";
import { createSession, deleteSession } from "../accounts/sessions.ts";
import {
  assertSignInAllowed,
  clearSignInFailures,
  recordSignInFailure,
  signInKeys,
} from "../accounts/signInThrottle.ts";
import { findUserByEmail } from "../accounts/users.ts";
import { clearSessionCookie, requireUser, sessionCookie, setSessionCookie } from "../http/auth.ts";
import { notFound, unauthenticated } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

/**
 * The user whose e-mail and password match, or 401 with one message for both mistakes. Repeated
 * failures per account and per client address slow down, then lock (429, issue 41).
 */
export async function checkCredentials(
  db: Queryable,
  email: string,
  password: string,
  clientAddress: string,
): Promise<UserRow> {
  const keys = signInKeys(email, clientAddress);
  await assertSignInAllowed(db, keys);
  const user = await findUserByEmail(db, email);
  const valid = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : await verifyAgainstDecoy(password);
  if (!user || !valid) {
    await recordSignInFailure(db, keys);
    throw unauthenticated(signInMessages.incorrect);
  }
  await clearSignInFailures(db, keys);
  return user;
}

export function authRoutes(app: FastifyInstance, { store, config }: RouteContext): void {
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow, method: string) {
    const session = await createSession(store, user.id);
    setSessionCookie(request, reply, session.id);
    // 000 §4: an initial login records an activity entry, in the organization the session opens in.
    const [first] = await listMemberships(store, user.id);
    await logActivity(store, {
      userId: user.id,
      organizationId: first?.id ?? null,
      action: "login",
      details: { method },
    });
    return { data: toUser(user) };
  }

  app.get("/auth/config", async () => {
    const demoUser = config.demo ? await findDemoUser(store) : undefined;
    return {
      data: {
        demoUser: demoUser ? { email: demoUser.email } : null,
        // 000 §6: the domains behind the staff and super admin flags of this deployment.
        identityDomains: { staffDomains: config.staffDomains, superAdminDomains: config.superAdminDomains },
      },
    };
  });

  app.post("/auth/login", async (request, reply) => {
    const body = parseOr400(loginBodySchema, request.body);
    const user = await checkCredentials(store, body.email, body.password, request.ip);
    return signIn(request, reply, user, "password");
  });

  app.post("/auth/demo-login", async (request, reply) => {
    const demoUser = config.demo ? await findDemoUser(store) : undefined;
    if (!demoUser) throw notFound("This server has no demo sign-in");
    return signIn(request, reply, demoUser, "demo");
  });

  app.post("/auth/logout", async (request, reply) => {
    const sessionId = request.cookies[sessionCookie];
    if (sessionId) await deleteSession(store, sessionId);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get("/auth-user-info", async (request) => ({ data: toUser(requireUser(request).user) }));
}
