import {
  changeMemberRoleBodySchema,
  inviteMemberBodySchema,
  type Member,
  memberMessages,
  membersQuerySchema,
  type Role,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listMemberships, setMembership } from "../accounts/organizations.ts";
import { forgetCallers, noteCallersChange } from "../accounts/rememberedCallers.ts";
import { toOrganization, toUser, type UserRow, userColumns } from "../accounts/rows.ts";
import { createUser, findUserByEmail } from "../accounts/users.ts";
import { requireRole, requireUser } from "../http/auth.ts";
import { conflict, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { queueNotification } from "../notifications/outboxRows.ts";
import { personOfUser } from "../notifications/senders.ts";
import { isUniqueViolation, type Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

const memberParamsSchema = z.object({ userUuid: z.uuid() });

type MemberRow = UserRow & { role: Role; has_token: boolean };

function strategiesOf(row: MemberRow): NonNullable<Member["memberStrategies"]> {
  const strategies: NonNullable<Member["memberStrategies"]> = [];
  if (row.password_hash) strategies.push("password");
  if (row.has_token) strategies.push("token");
  if (!row.password_hash) strategies.push("invited");
  return strategies;
}

/**
 * Refuses (409) a change that takes the admin role from one of the organization's admins when they
 * are its last. The admins' rows stay locked until the transaction ends, so two admins demoting
 * each other at once cannot both succeed.
 */
async function keepAnotherAdmin(tx: Queryable, organizationId: number): Promise<void> {
  const admins = await tx.query<{ user_id: number }>(
    "SELECT user_id FROM memberships WHERE organization_id = $1 AND role = 'admin' FOR UPDATE",
    [organizationId],
  );
  if (admins.length <= 1) throw conflict(memberMessages.lastAdmin);
}

export function memberRoutes(app: FastifyInstance, { store, notifier }: RouteContext): void {
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
    const { organization, user: caller } = requireRole(request, "admin");
    const body = parseOr400(inviteMemberBodySchema, request.body);
    try {
      const result = await store.transaction(async (tx) => {
        const user = (await findUserByEmail(tx, body.email)) ?? (await createUser(tx, { email: body.email }));
        const [current] = await tx.query<{ role: Role }>(
          "SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2",
          [user.id, organization.id],
        );
        if (current?.role === "admin" && body.role !== "admin") {
          await keepAnotherAdmin(tx, organization.id);
        }
        await setMembership(tx, user.id, organization.id, body.role);
        // Issue 40: a new member hears of it by e-mail (a role change of a member does not).
        if (!current) {
          await queueNotification(tx, notifier, {
            organizationId: organization.id,
            causedByUserId: caller.id,
            event: {
              kind: "organization-invitation",
              member: personOfUser(user),
              role: body.role,
              by: personOfUser(caller),
            },
            members: [user.id],
          });
        }
        return { user, created: !current };
      });
      notifier.kick();
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

  // A member's new role (admin; our path: the specification names none). An admin's own demotion
  // is allowed while another admin remains.
  app.patch("/users-organizations/users/:userUuid", async (request) => {
    const { organization } = requireRole(request, "admin");
    const { userUuid } = parseOr400(memberParamsSchema, request.params);
    const { role } = parseOr400(changeMemberRoleBodySchema, request.body);
    const member = await store.transaction(async (tx) => {
      const [row] = await tx.query<UserRow & { role: Role }>(
        `SELECT ${userColumns}, m.role FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = $1 AND u.uuid = $2::uuid FOR UPDATE OF m`,
        [organization.id, userUuid],
      );
      if (!row) throw notFound("Member not found");
      if (row.role === "admin" && role !== "admin") await keepAnotherAdmin(tx, organization.id);
      if (row.role !== role) await setMembership(tx, row.id, organization.id, role);
      return row;
    });
    // Again once committed: a request resolved between the update and the commit saw the old role.
    forgetCallers();
    return { data: { ...toUser(member), role } satisfies Member };
  });

  // Removes a member (admin). The organization keeps at least one admin; a custom entity the member
  // was the only named editor of passes to the admin who removed them (002 §6 at least one editor).
  app.delete("/users-organizations/users/:userUuid", async (request, reply) => {
    const { organization, user: admin } = requireRole(request, "admin");
    const { userUuid } = parseOr400(memberParamsSchema, request.params);
    await store.transaction(async (tx) => {
      const [member] = await tx.query<{ user_id: number; role: Role }>(
        `SELECT m.user_id, m.role FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = $1 AND u.uuid = $2::uuid FOR UPDATE OF m`,
        [organization.id, userUuid],
      );
      if (!member) throw notFound("Member not found");
      if (member.role === "admin") {
        await keepAnotherAdmin(tx, organization.id);
      }
      await tx.query(
        `DELETE FROM custom_entity_collaborators c USING custom_entities ce
         WHERE c.custom_entity_id = ce.id AND ce.organization_id = $1 AND c.user_id = $2`,
        [organization.id, member.user_id],
      );
      await tx.query(
        `INSERT INTO custom_entity_collaborators (custom_entity_id, user_id, role)
         SELECT ce.id, $2, 'editor' FROM custom_entities ce
         WHERE ce.organization_id = $1 AND ce.general_access = 'restricted'
           AND NOT EXISTS (SELECT 1 FROM custom_entity_collaborators c
                           WHERE c.custom_entity_id = ce.id AND c.role = 'editor')
         ON CONFLICT (custom_entity_id, user_id) DO UPDATE SET role = 'editor'`,
        [organization.id, admin.id],
      );
      await tx.query("DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2", [
        organization.id,
        member.user_id,
      ]);
      await noteCallersChange(tx);
    });
    // Again once committed: a request resolved between the delete and the commit saw the member.
    forgetCallers();
    return reply.code(204).send();
  });
}
