import {
  createDetectorBodySchema,
  detectorAlertListQuerySchema,
  detectorListQuerySchema,
  parseUrn,
  uuidParamSchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import {
  createDetector,
  deleteDetector,
  listDetectorAlerts,
  listDetectors,
  raiseDetectorAlerts,
} from "../detectors/detectorRows.ts";
import { requireRole } from "../http/auth.ts";
import { notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { queueDetectorAlertNotices } from "../notifications/detectorAlertNotices.ts";
import type { RouteContext } from "./context.ts";

/** The chain and canonical address of a URN the SDK's schema already checked. */
function addressOf(urn: string): { chain: string; address: string } {
  const parts = parseUrn(urn);
  if (parts?.kind !== "address") throw new Error("An address URN was expected");
  return { chain: parts.chain, address: parts.address };
}

// docs/API.md "Detectors" (002 §4): saved watches on addresses, each in one organization; saving one
// needs the editor role, reading them the viewer role.
export function detectorRoutes(app: FastifyInstance, { store, notifier }: RouteContext): void {
  // Issue 40: alerts raised here reach their detectors' owners by e-mail, in the same transaction.
  const raiseAndTell = async (organizationId: number) => {
    const told = await store.transaction(async (tx) =>
      queueDetectorAlertNotices(tx, notifier, await raiseDetectorAlerts(tx, organizationId)),
    );
    if (told > 0) notifier.kick();
  };
  app.post("/v1/detectors", { config: { idempotent: true } }, async (request, reply) => {
    const { user, organization } = requireRole(request, "editor");
    const body = parseOr400(createDetectorBodySchema, request.body);
    const { chain, address } = addressOf(body.addressUrn);
    // One transaction: the saved row stays locked until it is read back (detectorRows.ts).
    const { detector, created } = await store.transaction((tx) =>
      createDetector(tx, {
        organizationId: organization.id,
        userId: user.id,
        chain: chain as Parameters<typeof createDetector>[1]["chain"],
        address,
        name: body.name,
      }),
    );
    return reply.code(created ? 201 : 200).send({ data: detector });
  });

  app.get("/v1/detectors", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const query = parseOr400(detectorListQuerySchema, request.query);
    const subject = query.addressUrn ? addressOf(query.addressUrn) : {};
    await raiseAndTell(organization.id);
    return { data: await listDetectors(store, { organizationId: organization.id, ...subject }) };
  });

  app.get("/v1/detectors/alerts", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const query = parseOr400(detectorAlertListQuerySchema, request.query);
    await raiseAndTell(organization.id);
    return {
      data: await listDetectorAlerts(store, {
        organizationId: organization.id,
        detectorUuid: query.detectorUuid,
        limit: query.limit,
      }),
    };
  });

  app.delete("/v1/detectors/:uuid", async (request, reply) => {
    const { organization } = requireRole(request, "editor");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    if (!(await deleteDetector(store, organization.id, uuid))) throw notFound("Detector not found");
    return reply.code(204).send();
  });
}
