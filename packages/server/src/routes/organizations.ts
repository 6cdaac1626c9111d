import {
  createOrganizationBodySchema,
  roleAtLeast,
  searchMessages,
  updateOrganizationBodySchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createOrganization,
  findMembership,
  findOrganizationById,
  organizationNameConstraint,
  setMembership,
} from "../accounts/organizations.ts";
import { noteCallersChange } from "../accounts/rememberedCallers.ts";
import type { MembershipOrganizationRow } from "../accounts/rows.ts";
import { toOrganization } from "../accounts/rows.ts";
import { requireUser } from "../http/auth.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { isUniqueViolation, type Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

const organizationParamsSchema = z.object({ id: z.string().min(1).max(64) });
const duplicateName = "An organization with this name already exists";

/** The organization the path names, with the caller's role; 404 unless the caller belongs to it. */
async function memberOf(db: Queryable, userId: number, ref: string): Promise<MembershipOrganizationRow> {
  const membership = await findMembership(db, userId, ref);
  if (!membership) throw notFound("Organization not found");
  return membership;
}

function requireAdmin(membership: MembershipOrganizationRow): void {
  if (!roleAtLeast(membership.role, "admin"))
    throw forbidden("Only an admin of the organization may do that");
}

export function organizationRoutes(app: FastifyInstance, { store }: RouteContext): void {
  app.get("/organizations/:id", async (request) => {
    const { user } = requireUser(request);
    const { id } = parseOr400(organizationParamsSchema, request.params);
    return { data: toOrganization(await memberOf(store, user.id, id)) };
  });

  app.patch("/organizations/:id", async (request) => {
    const { user } = requireUser(request);
    const { id } = parseOr400(organizationParamsSchema, request.params);
    const membership = await memberOf(store, user.id, id);
    requireAdmin(membership);
    const body = parseOr400(updateOrganizationBodySchema, request.body);
    // Issue 40: the forensics licence (002 §6) is granted by the instance operator, never by the
    // organization's own admin (anyone may create an organization and become its admin).
    if (body.hasForensicsLicense !== undefined) throw forbidden(searchMessages.forensicsLicenseForIps);
    try {
      await store.query("UPDATE organizations SET name = COALESCE($2, name) WHERE id = $1", [
        membership.id,
        body.name ?? null,
      ]);
      await noteCallersChange(store);
    } catch (error) {
      if (isUniqueViolation(error, organizationNameConstraint)) throw conflict(duplicateName);
      throw error;
    }
    return { data: toOrganization((await findOrganizationById(store, membership.id))!) };
  });

  // Any signed-in user may create an organization and becomes its admin. A child organization
  // needs the admin role in its parent.
  app.post("/organizations", { config: { idempotent: true } }, async (request, reply) => {
    const { user } = requireUser(request);
    const body = parseOr400(createOrganizationBodySchema, request.body);
    let parentId: number | null = null;
    if (body.parentOrganizationUuid) {
      const parent = await memberOf(store, user.id, body.parentOrganizationUuid);
      requireAdmin(parent);
      parentId = parent.id;
    }
    try {
      const created = await store.transaction(async (tx) => {
        const organization = await createOrganization(tx, {
          name: body.name,
          parentOrganizationId: parentId,
        });
        await setMembership(tx, user.id, organization.id, "admin");
        return organization;
      });
      return reply.code(201).send({ data: { uuid: created.uuid, name: created.name } });
    } catch (error) {
      // 000 §5: a duplicate name creates nothing; the SDK turns 409 into its own message.
      if (isUniqueViolation(error, organizationNameConstraint)) throw conflict(duplicateName);
      throw error;
    }
  });

  app.delete("/organizations/:id", async (request, reply) => {
    const { user } = requireUser(request);
    const { id } = parseOr400(organizationParamsSchema, request.params);
    const membership = await memberOf(store, user.id, id);
    requireAdmin(membership);
    await store.query("DELETE FROM organizations WHERE id = $1", [membership.id]);
    await noteCallersChange(store);
    return reply.code(204).send();
  });
}
