import {
  beaconCaseNumber,
  beaconCategoryIds,
  beaconNotifyRequestSchema,
  createWebhookEndpointBodySchema,
  deliveryLogQuerySchema,
  uuidParamSchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireRole } from "../http/auth.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { findDelivery, listWebhookDeliveries, queueNotification } from "../notifications/outboxRows.ts";
import { personOfUser } from "../notifications/senders.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
} from "../notifications/webhookEndpoints.ts";
import { findBeaconVasp } from "../userReports/beaconVasp.ts";
import { saveUserReport } from "../userReports/userReports.ts";
import type { RouteContext } from "./context.ts";

/** A contact property's address: the e-mail of `{name, email}` (the world's shape) or a bare address. */
function contactEmail(contact: unknown): string | null {
  if (typeof contact === "string") return z.email().safeParse(contact.trim()).success ? contact.trim() : null;
  if (contact && typeof contact === "object" && "email" in contact)
    return contactEmail((contact as { email: unknown }).email);
  return null;
}

// Issue 40 (docs/API.md "Notifications"): the notify flow as the server does it, delivery status,
// and the organization's webhook endpoints with their delivery log.
export function notificationRoutes(app: FastifyInstance, { store, config, notifier }: RouteContext): void {
  app.get("/v1/notifications/status", async (request) => {
    requireRole(request, "viewer");
    return {
      data: {
        emailEnabled: notifier.emailEnabled,
        mailFrom: notifier.emailEnabled ? config.notifications.mailFrom : null,
      },
    };
  });

  app.get("/v1/notifications/deliveries/:uuid", async (request) => {
    const member = requireRole(request, "viewer");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    const delivery = await findDelivery(
      store,
      { organizationId: member.organization.id, userId: member.user.id, admin: member.role === "admin" },
      uuid,
    );
    if (!delivery) throw notFound("Delivery not found");
    return { data: delivery };
  });

  // 000 §4 notify flow: the server makes the BEACON case number, records the 000 §7
  // notify-vasp-request report and queues the e-mail to the provider's contact, in one transaction.
  app.post("/v1/beacon/notifications", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "editor");
    const body = parseOr400(beaconNotifyRequestSchema, request.body);
    const vasp = await findBeaconVasp(store, body.entityUrn);
    if (!vasp) throw badRequest("Unknown service provider");
    if (!(beaconCategoryIds as readonly number[]).includes(vasp.categoryId))
      throw badRequest("This entity is not a service provider that can be notified");
    if (body.action === "notify" && !vasp.hasBeaconContact)
      throw badRequest("This service provider has no beacon contact; invite it instead");
    if (body.action === "notify" && body.certifiedUrgent !== true)
      throw badRequest("Certify that this request concerns an urgent law-enforcement matter");
    const [contacts] = await store.query<{ beacon: unknown; law_enforcement: unknown }>(
      "SELECT v2_beacon_network_contact AS beacon, law_enforcement_contact AS law_enforcement FROM entities WHERE urn = $1",
      [vasp.entityUrn],
    );
    // 000 §3: the beacon contact first, else the law-enforcement contact; an invitation goes to the operator.
    const recipient =
      body.action === "notify"
        ? (contactEmail(contacts?.beacon) ?? contactEmail(contacts?.law_enforcement))
        : config.notifications.operatorEmail;
    const requestedAt = new Date().toISOString();
    const caseNumber = body.action === "notify" ? beaconCaseNumber() : null;
    const by = personOfUser(member.user);
    const answer = await store.transaction(async (tx) => {
      const report = await saveUserReport(tx, {
        userId: member.user.id,
        organizationId: member.organization.id,
        kind: "notify-vasp-request",
        payload: {
          entityUrn: vasp.entityUrn,
          requestedDateTime: requestedAt,
          ...(caseNumber ? { caseNumber } : {}),
          email: member.user.email,
        },
      });
      const queued = await queueNotification(tx, notifier, {
        organizationId: member.organization.id,
        causedByUserId: member.user.id,
        event: caseNumber
          ? {
              kind: "vasp-notified",
              caseNumber,
              vaspName: vasp.name,
              entityUrn: vasp.entityUrn,
              requestedAt,
              by,
            }
          : { kind: "vasp-invited", vaspName: vasp.name, entityUrn: vasp.entityUrn, requestedAt, by },
        addresses: recipient ? [recipient] : [],
      });
      return {
        reportId: report.id,
        action: body.action,
        entityUrn: vasp.entityUrn,
        vaspName: vasp.name,
        caseNumber,
        requestedAt,
        recipient,
        text: queued.text,
        delivery: queued.emails[0] ?? null,
      };
    });
    notifier.kick();
    return reply.code(201).send({ data: answer });
  });

  app.get("/v1/organization/webhooks", async (request) => {
    const member = requireRole(request, "admin");
    return { data: await listWebhookEndpoints(store, member.organization.id) };
  });

  app.post("/v1/organization/webhooks", { config: { idempotent: true } }, async (request, reply) => {
    const member = requireRole(request, "admin");
    const body = parseOr400(createWebhookEndpointBodySchema, request.body);
    const endpoint = await createWebhookEndpoint(store, {
      organizationId: member.organization.id,
      userId: member.user.id,
      url: body.url,
    });
    return reply.code(201).send({ data: endpoint });
  });

  app.delete("/v1/organization/webhooks/:uuid", async (request, reply) => {
    const member = requireRole(request, "admin");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    if (!(await deleteWebhookEndpoint(store, member.organization.id, uuid)))
      throw notFound("Webhook endpoint not found");
    return reply.code(204).send();
  });

  app.get("/v1/organization/webhooks/deliveries", async (request) => {
    const member = requireRole(request, "admin");
    const query = parseOr400(deliveryLogQuerySchema, request.query);
    const page = await listWebhookDeliveries(store, { organizationId: member.organization.id, ...query });
    return { data: page.deliveries, meta: { count: page.count, limit: query.limit, offset: query.offset } };
  });
}
