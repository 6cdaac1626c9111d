import {
  attachRelatableRequestSchema,
  caseIdParamSchema,
  caseNoteRequestSchema,
  caseRelatableUrnSchema,
  casesQuerySchema,
  createCaseRequestSchema,
  escalateRequestSchema,
  escalationInboxQuerySchema,
  roleAtLeast,
  setEscalationNotifyTargetsRequestSchema,
  updateCaseRequestSchema,
  uuidParamSchema,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { relatableExists } from "../cases/caseRelatables.ts";
import {
  addCaseNote,
  attachRelatable,
  type CaseRow,
  caseRecord,
  createCase,
  deleteCase,
  detachRelatable,
  findVisibleCase,
  listCases,
  updateCase,
} from "../cases/cases.ts";
import {
  createEscalation,
  findEscalation,
  inbox,
  markEscalationRead,
  membersAmong,
} from "../cases/escalations.ts";
import { notifyTargetEmails, setNotifyTargetEmails, usersOffList } from "../cases/notifyTargets.ts";
import { type Member, requireRole } from "../http/auth.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { queueNotification } from "../notifications/outboxRows.ts";
import { personOfUser } from "../notifications/senders.ts";
import type { Store } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

// docs/API.md "Cases and escalation" (000 §7, 002 §5, §7). A member sees their own cases and those
// shared with the organization; editors change them; only the owner or an admin deletes one.

async function visibleCase(store: Store, member: Member, request: FastifyRequest): Promise<CaseRow> {
  const { caseId } = parseOr400(caseIdParamSchema, request.params);
  const row = await findVisibleCase(
    store,
    { organizationId: member.organization.id, userId: member.user.id },
    caseId,
  );
  if (!row) throw notFound("Case not found");
  return row;
}

const detachQuery = z.object({ resourceUrn: caseRelatableUrnSchema });
const organizationParams = z.object({ id: z.string().min(1).max(64) });

export function caseRoutes(app: FastifyInstance, { store, notifier }: RouteContext): void {
  const scopeOf = (member: Member) => ({ organizationId: member.organization.id, userId: member.user.id });

  app.get("/cases/", async (request) => {
    const member = requireRole(request, "viewer");
    const query = parseOr400(casesQuerySchema, request.query);
    const page = await listCases(store, scopeOf(member), query);
    return { data: page.cases, meta: { count: page.count, limit: query.limit, offset: query.offset } };
  });

  app.post("/cases", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "editor");
    const body = parseOr400(createCaseRequestSchema, request.body);
    const created = await createCase(store, scopeOf(member), body);
    // 002 §7: the new case's id is data.id; the whole case rides along.
    return reply.code(201).send({ data: { id: created.id, case: created } });
  });

  app.get("/cases/:caseId", async (request) => {
    const member = requireRole(request, "viewer");
    return { data: await caseRecord(store, await visibleCase(store, member, request)) };
  });

  app.patch("/cases/:caseId", async (request) => {
    const member = requireRole(request, "editor");
    const row = await visibleCase(store, member, request);
    const body = parseOr400(updateCaseRequestSchema, request.body);
    // Choice: sharing (or unsharing) a case is its owner's or an admin's decision.
    if (
      body.isSharedWithOrg !== undefined &&
      row.owner_user_id !== member.user.id &&
      !roleAtLeast(member.role, "admin")
    ) {
      throw forbidden("Only the case's owner or an admin can change its sharing");
    }
    await updateCase(store, row.id, body);
    return { data: await caseRecord(store, (await findVisibleCase(store, scopeOf(member), row.id)) ?? row) };
  });

  app.delete("/cases/:caseId", async (request, reply) => {
    const member = requireRole(request, "editor");
    const row = await visibleCase(store, member, request);
    if (row.owner_user_id !== member.user.id && !roleAtLeast(member.role, "admin")) {
      throw forbidden("Only the case's owner or an admin can delete it");
    }
    await deleteCase(store, row.id);
    return reply.code(204).send();
  });

  app.post("/cases/:caseId/relatables", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "editor");
    const row = await visibleCase(store, member, request);
    const body = parseOr400(attachRelatableRequestSchema, request.body);
    // A graph or a flag is attached only when it is the organization's own (another's is 404).
    if (!(await relatableExists(store, member.organization.id, body.resourceUrn)))
      throw notFound("Graph or flag not found");
    await attachRelatable(store, row.id, body);
    return reply
      .code(201)
      .send({ data: await caseRecord(store, (await findVisibleCase(store, scopeOf(member), row.id))!) });
  });

  app.delete("/cases/:caseId/relatables", async (request) => {
    const member = requireRole(request, "editor");
    const row = await visibleCase(store, member, request);
    const { resourceUrn } = parseOr400(detachQuery, request.query);
    await detachRelatable(store, row.id, resourceUrn);
    return { data: await caseRecord(store, (await findVisibleCase(store, scopeOf(member), row.id))!) };
  });

  app.post("/cases/:caseId/notes", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "editor");
    const row = await visibleCase(store, member, request);
    const body = parseOr400(caseNoteRequestSchema, request.body);
    await addCaseNote(store, row.id, member.user.id, body.text);
    return reply
      .code(201)
      .send({ data: await caseRecord(store, (await findVisibleCase(store, scopeOf(member), row.id))!) });
  });

  // 002 §5 / §7 escalate: a case shared with the organization and at least one member to notify.
  // The element joins the case's relatables; each assignee finds it in their inbox.
  app.post("/triage/v1/trm-entity/escalate", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "editor");
    const body = parseOr400(escalateRequestSchema, request.body);
    const escalation = await store.transaction(async (tx) => {
      const row = await findVisibleCase(tx, scopeOf(member), Number(body.caseId));
      if (!row) throw notFound("Case not found");
      if (!row.is_shared_with_org)
        throw badRequest("Only a case shared with the organisation can be escalated");
      const members = await membersAmong(tx, member.organization.id, body.assignToUserUuids);
      if (members.missing.length > 0) {
        throw badRequest("Some of these people are not members of your organisation", {
          notMembers: members.missing,
        });
      }
      // 002 §6: when the organization restricts its notify targets, only they may be assigned.
      const restricted = await notifyTargetEmails(tx, member.organization.id);
      if (restricted !== null) {
        const offList = await usersOffList(tx, members.userIds, restricted);
        if (offList.length > 0)
          throw badRequest("Only the configured notify targets can be assigned", { notConfigured: offList });
      }
      await attachRelatable(tx, row.id, { resourceUrn: body.trmUrn, note: body.alias });
      const created = await createEscalation(tx, {
        organizationId: member.organization.id,
        userId: member.user.id,
        caseId: row.id,
        trmUrn: body.trmUrn,
        alias: body.alias,
        customNote: body.customNote,
        assigneeIds: members.userIds,
      });
      // Issue 40: the assignees hear of it by e-mail, committed with the escalation.
      await queueNotification(tx, notifier, {
        organizationId: member.organization.id,
        causedByUserId: member.user.id,
        event: {
          kind: "escalation-assigned",
          escalationUuid: created.uuid,
          caseName: created.caseName,
          alias: created.alias,
          trmUrn: created.trmUrn,
          customNote: created.customNote,
          by: personOfUser(member.user),
        },
        members: members.userIds.filter((id) => id !== member.user.id),
      });
      return created;
    });
    notifier.kick();
    return reply.code(201).send({ data: escalation });
  });

  // 002 §6 restricted notify targets: every member reads them (the escalate dialog offers only
  // them); an admin sets them. Another organization's answers 404.
  const notifyTargetsOf = (member: Member, request: FastifyRequest) => {
    const { id } = parseOr400(organizationParams, request.params);
    if (id !== member.organization.uuid && id !== String(member.organization.id))
      throw notFound("Organization not found");
  };
  app.get("/v1/organizations/:id/escalation-notify-targets", async (request) => {
    const member = requireRole(request, "viewer");
    notifyTargetsOf(member, request);
    return { data: { emails: await notifyTargetEmails(store, member.organization.id) } };
  });
  app.put("/v1/organizations/:id/escalation-notify-targets", async (request) => {
    const member = requireRole(request, "admin");
    notifyTargetsOf(member, request);
    const { emails } = parseOr400(setEscalationNotifyTargetsRequestSchema, request.body);
    await setNotifyTargetEmails(store, member.organization.id, emails);
    return { data: { emails: await notifyTargetEmails(store, member.organization.id) } };
  });

  app.get("/v1/users/escalations", async (request) => {
    const member = requireRole(request, "viewer");
    const query = parseOr400(escalationInboxQuerySchema, request.query);
    const page = await inbox(store, { ...scopeOf(member), ...query });
    return {
      data: page.escalations,
      meta: { count: page.count, unreadCount: page.unreadCount, limit: query.limit, offset: query.offset },
    };
  });

  app.get("/v1/escalations/:uuid", async (request) => {
    const member = requireRole(request, "viewer");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    const escalation = await findEscalation(store, member.organization.id, member.user.id, uuid);
    if (!escalation) throw notFound("Escalation not found");
    return { data: escalation };
  });

  // Marking one's own inbox read is the assignee's own state, so a viewer may do it.
  app.post("/v1/users/escalations/:uuid/read", async (request, reply) => {
    const member = requireRole(request, "viewer");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    const marked = await markEscalationRead(store, { ...scopeOf(member), uuid });
    if (!marked) throw notFound("Escalation not found");
    return reply.code(204).send();
  });
}
