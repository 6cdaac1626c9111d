import {
  compatibilityRequestSchema,
  createCustomEntityBodySchema,
  customEntityListQuerySchema,
  customEntityNameTaken,
  customEntityRiskInfoRequestSchema,
  customEntityRiskScoreRequestSchema,
  deleteCustomEntitiesBodySchema,
  parseUrn,
  refreshParts,
  refreshStatusQuerySchema,
  sharingOperationsSchema,
  updateCustomEntityBodySchema,
  validateNameQuerySchema,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { toIso } from "../accounts/rows.ts";
import { applyCollaboratorOperations, readCollaborators } from "../customEntities/collaborators.ts";
import { customEntityRisk } from "../customEntities/customEntityRisk.ts";
import {
  type CustomEntityCaller,
  type CustomEntityRow,
  compatibilityFor,
  customEntityDetail,
  findCustomEntityRow,
  isNameTaken,
  listCustomEntities,
  writeResources,
} from "../customEntities/customEntityRows.ts";
import {
  drainRefreshes,
  isRefreshRunning,
  markRefreshStarted,
  scheduleRefresh,
} from "../customEntities/refreshJobs.ts";
import { type Member, requireRole } from "../http/auth.ts";
import { badRequest, conflict, forbidden } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { subjectNotFound } from "../metrics/subjects.ts";
import { isUniqueViolation, type Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

const uuidParamsSchema = z.object({ uuid: z.string().min(1).max(64) });
const refreshBodySchema = refreshStatusQuerySchema;
const nameConstraint = "custom_entities_name_key";
// A part left processing this long with no job computing it (a restart) is started again.
const staleRefreshMs = 60_000;

function callerOf(member: Member): CustomEntityCaller {
  return { userId: member.user.id, organizationId: member.organization.id, role: member.role };
}

/** The custom entity the path names, visible to the caller; 404 otherwise (another organization's too). */
async function visibleRow(db: Queryable, request: FastifyRequest, uuid: string) {
  const member = requireRole(request, "viewer");
  const caller = callerOf(member);
  const row = await findCustomEntityRow(db, caller, uuid);
  if (!row) throw subjectNotFound("custom-entity");
  return { member, caller, row };
}

/** 002 §6: viewers read; only editors change a custom entity or its sharing. */
function requireEditor(row: CustomEntityRow): void {
  if (row.permission !== "editor") throw forbidden("Only an editor of this custom entity may do that");
}

interface StatusRow {
  uuid: string;
  refresh_summary: string;
  refresh_transfers: string;
  refresh_addresses: string;
  refresh_metrics: string;
  refresh_started_at: Date | string | null;
  refreshed_at: Date | string | null;
}

async function refreshStatusOf(db: Queryable, id: number) {
  const [row] = await db.query<StatusRow>(
    `SELECT uuid::text AS uuid, refresh_summary, refresh_transfers, refresh_addresses, refresh_metrics,
            refresh_started_at, refreshed_at FROM custom_entities WHERE id = $1`,
    [id],
  );
  const status = {
    counterpartyFlows: row!.refresh_summary,
    transfers: row!.refresh_transfers,
    addresses: row!.refresh_addresses,
    metrics: row!.refresh_metrics,
  } as Record<(typeof refreshParts)[number], "processing" | "failed" | "succeeded">;
  return {
    answer: {
      customEntityUuid: row!.uuid,
      ...status,
      refreshedAt: row!.refreshed_at === null ? null : toIso(row!.refreshed_at),
    },
    processing: refreshParts.some((part) => status[part] === "processing"),
    startedAt: row!.refresh_started_at === null ? 0 : new Date(row!.refresh_started_at).getTime(),
  };
}

export function customEntityRoutes(app: FastifyInstance, { store }: RouteContext): void {
  app.addHook("onClose", drainRefreshes);

  // 000 §7 / §9: the caller's visible custom entities, pages of 10, newest first.
  app.get("/v1/custom-entities", async (request) => {
    const member = requireRole(request, "viewer");
    const page = parseOr400(customEntityListQuerySchema, request.query);
    const { items, count } = await listCustomEntities(store, callerOf(member), page);
    return { data: items, meta: { count, limit: page.limit, offset: page.offset } };
  });

  app.get("/v1/custom-entities/validate-name", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const { name } = parseOr400(validateNameQuerySchema, request.query);
    const taken = await isNameTaken(store, organization.id, name);
    return { data: { isValid: !taken, message: taken ? customEntityNameTaken : null } };
  });

  app.post("/trm-insights/v1/custom-entity/compatibility", async (request) => {
    requireRole(request, "viewer");
    const { resourceUrns } = parseOr400(compatibilityRequestSchema, request.body);
    return { data: await compatibilityFor(store, resourceUrns) };
  });

  // Creating needs the editor role; the creator is the first editor and the custom entity starts
  // restricted to them (002 §4), then shared from the share dialog.
  app.post("/v1/custom-entities", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "editor");
    const body = parseOr400(createCustomEntityBodySchema, request.body);
    if (await isNameTaken(store, member.organization.id, body.name)) throw conflict(customEntityNameTaken);
    let created: { id: number; generation: number };
    try {
      created = await store.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO custom_entities (organization_id, created_by_user_id, name, general_access)
           VALUES ($1, $2, $3, 'restricted') RETURNING id`,
          [member.organization.id, member.user.id, body.name],
        );
        await tx.query(
          "INSERT INTO custom_entity_collaborators (custom_entity_id, user_id, role) VALUES ($1, $2, 'editor')",
          [row!.id, member.user.id],
        );
        await writeResources(
          tx,
          row!.id,
          body.resources.map((resource) => resource.resourceUrn),
        );
        return { id: row!.id, generation: await markRefreshStarted(tx, row!.id) };
      });
    } catch (error) {
      if (isUniqueViolation(error, nameConstraint)) throw conflict(customEntityNameTaken);
      throw error;
    }
    scheduleRefresh(store, created.id, created.generation);
    const caller = callerOf(member);
    const [row] = await store.query<{ uuid: string }>(
      "SELECT uuid::text AS uuid FROM custom_entities WHERE id = $1",
      [created.id],
    );
    const found = (await findCustomEntityRow(store, caller, row!.uuid))!;
    return reply.code(201).send({ data: await customEntityDetail(store, caller, found) });
  });

  // 000 §7: DELETE with a uuid list. All or nothing: one unknown uuid answers 404, one the caller
  // only views 403, and nothing is deleted.
  app.delete("/v1/custom-entities", async (request, reply) => {
    const member = requireRole(request, "viewer");
    const { uuids } = parseOr400(deleteCustomEntitiesBodySchema, request.body);
    const caller = callerOf(member);
    const ids: number[] = [];
    for (const uuid of new Set(uuids)) {
      const row = await findCustomEntityRow(store, caller, uuid);
      if (!row) throw subjectNotFound("custom-entity", uuid);
      requireEditor(row);
      ids.push(row.id);
    }
    await store.query("DELETE FROM custom_entities WHERE id = ANY($1::int[]) AND organization_id = $2", [
      ids,
      member.organization.id,
    ]);
    return reply.code(204).send();
  });

  app.get("/v1/custom-entities/refresh/status", async (request) => {
    const { customEntityUuid } = parseOr400(refreshStatusQuerySchema, request.query);
    const { row } = await visibleRow(store, request, customEntityUuid);
    const status = await refreshStatusOf(store, row.id);
    if (status.processing && !isRefreshRunning(row.id) && Date.now() - status.startedAt > staleRefreshMs) {
      scheduleRefresh(store, row.id, await markRefreshStarted(store, row.id));
      return { data: (await refreshStatusOf(store, row.id)).answer };
    }
    return { data: status.answer };
  });

  app.post("/v1/custom-entities/refresh/status", async (request, reply) => {
    const { customEntityUuid } = parseOr400(refreshBodySchema, request.body);
    const { row } = await visibleRow(store, request, customEntityUuid);
    requireEditor(row);
    const generation = await markRefreshStarted(store, row.id);
    // The answer is the refresh as it starts: read before the job runs, which on a small entity can
    // finish before a second read would.
    const started = (await refreshStatusOf(store, row.id)).answer;
    scheduleRefresh(store, row.id, generation);
    return reply.code(202).send({ data: started });
  });

  app.get("/v1/custom-entities/:uuid", async (request) => {
    const { uuid } = parseOr400(uuidParamsSchema, request.params);
    const { caller, row } = await visibleRow(store, request, uuid);
    return { data: await customEntityDetail(store, caller, row) };
  });

  app.patch("/v1/custom-entities/:uuid", async (request) => {
    const { uuid } = parseOr400(uuidParamsSchema, request.params);
    const { member, caller, row } = await visibleRow(store, request, uuid);
    requireEditor(row);
    const body = parseOr400(updateCustomEntityBodySchema, request.body);
    if (body.name !== undefined && (await isNameTaken(store, member.organization.id, body.name, row.id)))
      throw conflict(customEntityNameTaken);
    let generation: number | null = null;
    try {
      generation = await store.transaction(async (tx) => {
        if (body.name !== undefined)
          await tx.query("UPDATE custom_entities SET name = $2, updated_at = now() WHERE id = $1", [
            row.id,
            body.name,
          ]);
        if (body.resources === undefined) return null;
        await writeResources(
          tx,
          row.id,
          body.resources.map((resource) => resource.resourceUrn),
        );
        return markRefreshStarted(tx, row.id);
      });
    } catch (error) {
      if (isUniqueViolation(error, nameConstraint)) throw conflict(customEntityNameTaken);
      throw error;
    }
    if (generation !== null) scheduleRefresh(store, row.id, generation);
    const updated = (await findCustomEntityRow(store, caller, uuid))!;
    return { data: await customEntityDetail(store, caller, updated) };
  });

  app.get("/v1/custom-entities/:uuid/collaborators", async (request) => {
    const { uuid } = parseOr400(uuidParamsSchema, request.params);
    const { member, row } = await visibleRow(store, request, uuid);
    return { data: await readCollaborators(store, row.id, member.organization.uuid) };
  });

  app.patch("/v1/custom-entities/:uuid/collaborators", async (request) => {
    const { uuid } = parseOr400(uuidParamsSchema, request.params);
    const { member, row } = await visibleRow(store, request, uuid);
    requireEditor(row);
    const operations = parseOr400(sharingOperationsSchema.max(1000), request.body);
    await store.transaction((tx) => applyCollaboratorOperations(tx, row.id, member.organization, operations));
    return { data: await readCollaborators(store, row.id, member.organization.uuid) };
  });

  // 000 §7 custom-entity risk: by URN (entityUrn) and by uuid (entityId).
  app.post("/trm-insights/v5/risk/custom-entity/risk-score/info", async (request) => {
    const { entityUrn } = parseOr400(customEntityRiskInfoRequestSchema, request.body);
    const parts = parseUrn(entityUrn);
    if (parts?.kind !== "custom-entity") throw badRequest("entityUrn must be a custom entity URN");
    const { row } = await visibleRow(store, request, parts.id);
    return { data: { entityUrn, ...(await customEntityRisk(store, resourcesOf(row))) } };
  });

  app.post("/risk/custom-entity/risk-score", async (request) => {
    const { entityId } = parseOr400(customEntityRiskScoreRequestSchema, request.body);
    const { row } = await visibleRow(store, request, entityId);
    const { riskScore, riskScoreLabel, riskScoreLevel } = await customEntityRisk(store, resourcesOf(row));
    return { data: { entityId, riskScore, riskScoreLabel, riskScoreLevel } };
  });
}

function resourcesOf(row: CustomEntityRow): string[] {
  return typeof row.resources === "string" ? (JSON.parse(row.resources) as string[]) : row.resources;
}
