import { inviteMemberBodySchema, type Member, membersQuerySchema, type Role } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { listMemberships, setMembership } from "../accounts/organizations.ts";
import { forgetCallers } from "../accounts/rememberedCallers.ts";
import { toOrganization, toUser, type UserRow, userColumns } from "../accounts/rows.ts";
import { createUser, findUserByEmail } from "../accounts/users.ts";
import { requireRole, requireUser } from "../http/auth.ts";
import { conflict } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { isUniqueViolation } from "../store/index.ts";
import type { RouteContext } from "./context.ts";

type MemberRow = UserRow & { role: Role; has_token: boolean };

function strategiesOf(row: MemberRow): NonNullable<Member["memberStrategies"]> {
  const strategies: NonNullable<Member["memberStrategies"]> = [];
  if (row.password_hash) strategies.push("password");
  if (row.has_token) strategies.push("token");
  if (!row.password_hash) strategies.push("invited");
  return strategies;
}

export function memberRoutes(app: FastifyInstance, { store }: RouteContext): void {
  app.get("/users-organizations", async (request) => {
    const { user } = requireUser(request);
    const memberships = await listMemberships(store, user.id);
    return { data: memberships.map((row) => ({ ...toOrganization(row), role: row.role })) };
  });

  app.get("/users-organizations/users", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const query = parseOr400(membersQuerySchema, request.query);
    const rows = await store.query<MemberRow>(
      `SELECT ${userColumns}, m.role,
              EXISTS (SELECT 1 FROM api_tokens t WHERE t.user_id = u.id AND t.revoked_at IS NULL) AS has_token
       FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.organization_id = $1 ORDER BY m.created_at, u.id`,
      [organization.id],
    );
    const members: Member[] = rows.map((row) => ({
      ...toUser(row),
      role: row.role,
      ...(query.includeMemberStrategies ? { memberStrategies: strategiesOf(row) } : {}),
    }));
    return { data: { members } };
  });

  // 002 §7 invitations: an admin adds someone by e-mail; an unknown e-mail becomes an invited user
  // without a password. Inviting a member again changes their role.
  app.post("/users-organizations", { config: { idempotent: true } }, async (request, reply) => {
    const { organization } = requireRole(request, "admin");
    const body = parseOr400(inviteMemberBodySchema, request.body);
    try {
      const result = await store.transaction(async (tx) => {
        const user = (await findUserByEmail(tx, body.email)) ?? (await createUser(tx, { email: body.email }));
        const [current] = await tx.query<{ role: Role }>(
          "SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2",
          [user.id, organization.id],
        );
        if (current?.role === "admin" && body.role !== "admin") {
          const [admins] = await tx.query<{ count: number }>(
            "SELECT count(*)::integer AS count FROM memberships WHERE organization_id = $1 AND role = 'admin'",
            [organization.id],
          );
          if ((admins?.count ?? 0) <= 1) throw conflict("An organization keeps at least one admin");
        }
        await setMembership(tx, user.id, organization.id, body.role);
        return { user, created: !current };
      });
      // Again once committed: a request resolved between setMembership and the commit saw the old role.
      forgetCallers();
      return reply
        .code(result.created ? 201 : 200)
        .send({ data: { user: toUser(result.user), role: body.role } });
    } catch (error) {
      // Two invitations of the same new e-mail at once: the second finds the user on a retry.
      if (isUniqueViolation(error)) throw conflict("That user was just added; try again");
      throw error;
    }
  });
}
