import {
  interestBulkRequestSchema,
  interestFormSchema,
  interestPathSchema,
  interestSearchQuerySchema,
  interestSearchRequestSchema,
  interestUpdateRequestSchema,
  revealNoticeQuerySchema,
  urnSchema,
  uuidParamSchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Member, requireRole } from "../http/auth.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import {
  createInterests,
  deleteInterest,
  findVisibleInterest,
  interestsOfElement,
  markRevealNoticeRead,
  myInterestElements,
  networksOfOrganization,
  networkUuidsOf,
  revealInterest,
  revealNotices,
  updateInterest,
  type Viewer,
} from "../interests/interests.ts";
import { queueNotification } from "../notifications/outboxRows.ts";
import { personOfUser } from "../notifications/senders.ts";
import type { Store } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

// docs/API.md "Interests" (001 §7): visibility and masking are decided here, never by the console.

const viewerOf = (member: Member): Viewer => ({
  organizationId: member.organization.id,
  organizationUuid: member.organization.uuid,
  userId: member.user.id,
});

const elementParams = z.object({ urn: urnSchema });
const organizationParams = z.object({ id: z.string().min(1).max(64) });

/**
 * 001 §5 rules the form applies, applied again: a custom audience needs a (non-sanctioned) country,
 * network visibility a network; and the networks named must be the caller's own.
 */
async function checkAudience(
  store: Store,
  member: Member,
  body: z.output<typeof interestUpdateRequestSchema>,
): Promise<void> {
  const rules = interestFormSchema.safeParse(body);
  if (!rules.success) {
    throw badRequest(
      "The request is not valid",
      rules.error.issues.map((issue) => ({ path: issue.path, code: issue.code, message: issue.message })),
    );
  }
  if (body.networkUuids.length > 0) {
    const mine = new Set(await networkUuidsOf(store, member.organization.id));
    const foreign = body.networkUuids.filter((uuid) => !mine.has(uuid));
    if (foreign.length > 0)
      throw badRequest("Your organization is not in these networks", { networkUuids: foreign });
  }
}

export function interestRoutes(app: FastifyInstance, { store, notifier }: RouteContext): void {
  app.post("/v1/trm-resources/investigation-interests/search", async (request) => {
    const member = requireRole(request, "viewer");
    const { includeResults } = parseOr400(interestSearchQuerySchema, request.query);
    const { trmResourceUrns } = parseOr400(interestSearchRequestSchema, request.body);
    const viewer = viewerOf(member);
    const answers = [];
    for (const urn of [...new Set(trmResourceUrns)]) {
      const interests = await interestsOfElement(store, viewer, urn);
      answers.push({
        trmResourceUrn: urn,
        count: interests.length,
        isInterested: interests.some((interest) => interest.notificationConfig !== null),
        ...(includeResults ? { results: interests } : {}),
      });
    }
    return { data: answers };
  });

  app.get("/v1/trm-resources/:urn/investigation-interests", async (request) => {
    const member = requireRole(request, "viewer");
    const { urn } = parseOr400(elementParams, request.params);
    return { data: await interestsOfElement(store, viewerOf(member), urn) };
  });

  app.post(
    "/v1/trm-resources/investigation-interests/bulk",
    { config: { idempotent: true } },
    async (request, reply) => {
      const member = requireRole(request, "editor");
      const body = parseOr400(interestBulkRequestSchema, request.body);
      await checkAudience(store, member, body);
      const created = await createInterests(store, viewerOf(member), body);
      return reply.code(201).send({ data: created });
    },
  );

  app.put("/v1/trm-resources/:urn/investigation-interests/:uuid", async (request) => {
    const member = requireRole(request, "editor");
    const { uuid } = parseOr400(interestPathSchema, request.params);
    const body = parseOr400(interestUpdateRequestSchema, request.body);
    const found = await findVisibleInterest(store, viewerOf(member), uuid);
    if (!found) throw notFound("Interest not found");
    if (!found.own) throw forbidden("Only the author can change this interest");
    await checkAudience(store, member, body);
    await updateInterest(store, found.id, body);
    return { data: (await findVisibleInterest(store, viewerOf(member), uuid))!.interest };
  });

  // 001 §6: only the author, from the same organization, deletes an interest.
  app.delete("/v1/trm-resources/:urn/investigation-interests/:uuid", async (request, reply) => {
    const member = requireRole(request, "editor");
    const { uuid } = parseOr400(interestPathSchema, request.params);
    const found = await findVisibleInterest(store, viewerOf(member), uuid);
    if (!found) throw notFound("Interest not found");
    if (!found.own) throw forbidden("Only the author can delete this interest");
    await deleteInterest(store, found.id);
    return reply.code(204).send();
  });

  app.get("/v1/users/investigation-interests/elements", async (request) => {
    const member = requireRole(request, "viewer");
    return { data: await myInterestElements(store, viewerOf(member)) };
  });

  // 001 §4 reveal (or, for a private interest, a contact request): recorded per viewer; details
  // unmask for an open interest only. Revealing one's own interest changes nothing.
  app.post(
    "/v1/trm-resources/interests/:uuid/interested-investigator-reveals",
    { config: { idempotent: true } },
    async (request, reply) => {
      const member = requireRole(request, "editor");
      const { uuid } = parseOr400(uuidParamSchema, request.params);
      if (request.body !== undefined && request.body !== null) parseOr400(z.strictObject({}), request.body);
      const viewer = viewerOf(member);
      const found = await findVisibleInterest(store, viewer, uuid);
      if (!found) throw notFound("Interest not found");
      if (!found.own) {
        await store.transaction(async (tx) => {
          const told = await revealInterest(tx, viewer, found.id);
          if (!told) return;
          // Issue 40: the author's notice goes out by e-mail too, in the author's organization.
          await queueNotification(tx, notifier, {
            organizationId: told.authorOrganizationId,
            causedByUserId: member.user.id,
            event: {
              kind: told.contactRequest ? "contact-requested" : "interest-revealed",
              interestUuid: told.interestUuid,
              subjectUrn: found.urn,
              by: personOfUser(member.user),
            },
            members: [told.authorId],
          });
        });
        notifier.kick();
      }
      return reply.code(201).send({ data: (await findVisibleInterest(store, viewer, uuid))!.interest });
    },
  );

  // 001 §4 'Reveal and Notify' reaching the author: their notices, counted in the console's inbox.
  app.get("/v1/users/investigation-interests/reveals", async (request) => {
    const member = requireRole(request, "viewer");
    const query = parseOr400(revealNoticeQuerySchema, request.query);
    const page = await revealNotices(store, viewerOf(member), query);
    return {
      data: page.notices,
      meta: { count: page.count, unreadCount: page.unreadCount, limit: query.limit, offset: query.offset },
    };
  });

  // Reading one's own notice is the author's own state, so a viewer may do it.
  app.post("/v1/users/investigation-interests/reveals/:uuid/read", async (request, reply) => {
    const member = requireRole(request, "viewer");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    if (!(await markRevealNoticeRead(store, viewerOf(member), uuid))) throw notFound("Notice not found");
    return reply.code(204).send();
  });

  const ownOrganization = (member: Member, id: string) => {
    if (id !== member.organization.uuid && id !== String(member.organization.id))
      throw notFound("Organization not found");
  };

  app.get("/v1/organizations/:id/networks", async (request) => {
    const member = requireRole(request, "viewer");
    ownOrganization(member, parseOr400(organizationParams, request.params).id);
    return { data: await networksOfOrganization(store, member.organization.id) };
  });

  app.get("/v1/organizations/:id/network-settings", async (request) => {
    const member = requireRole(request, "viewer");
    ownOrganization(member, parseOr400(organizationParams, request.params).id);
    const networks = await networkUuidsOf(store, member.organization.id);
    return {
      data: {
        organizationUuid: member.organization.uuid,
        networkCount: networks.length,
        networkVisibilityEnabled: networks.length > 0,
      },
    };
  });
}
