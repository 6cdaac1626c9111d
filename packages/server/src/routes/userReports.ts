import {
  anyEntityUrnSchema,
  beaconCategoryIds,
  type UserReportKind,
  userReportBodySchemas,
  userReportKinds,
  userReportListQuerySchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireRole } from "../http/auth.ts";
import { badRequest } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { subjectNotFound } from "../metrics/subjects.ts";
import { findBeaconVasp } from "../userReports/beaconVasp.ts";
import { listUserReports, saveUserReport } from "../userReports/userReports.ts";
import type { RouteContext } from "./context.ts";

// docs/API.md "User reports" (000 §7): every POST under /user-report/ is stored per user and
// organization and listed for the organization's admins. status-report stays in search.ts.

const vaspQuery = z.object({ entityUrn: anyEntityUrnSchema });

export function userReportRoutes(app: FastifyInstance, { store }: RouteContext): void {
  for (const kind of userReportKinds.filter(
    (name): name is Exclude<UserReportKind, "status-report"> => name !== "status-report",
  )) {
    const schema = userReportBodySchemas[kind];
    // Choice: these reports ask the provider to change data or act for the organization, so they
    // need the editor role; the status report (000 §4 request information) stays open to viewers.
    app.post(`/user-report/${kind}`, { config: { idempotent: true } }, async (request, reply) => {
      const { user, organization } = requireRole(request, "editor");
      const payload = parseOr400(schema, request.body) as Record<string, unknown>;
      if (kind === "notify-vasp-request") {
        // 000 §4 / §6: only a service provider of a beacon category is notified or invited; a case
        // number means it was notified, which needs its beacon contact.
        const vasp = await findBeaconVasp(store, String(payload.entityUrn));
        if (!vasp) throw badRequest("Unknown service provider");
        if (!(beaconCategoryIds as readonly number[]).includes(vasp.categoryId)) {
          throw badRequest("This entity is not a service provider that can be notified");
        }
        if (payload.caseNumber !== undefined && !vasp.hasBeaconContact) {
          throw badRequest("This service provider has no beacon contact; invite it instead");
        }
      }
      const report = await saveUserReport(store, {
        userId: user.id,
        organizationId: organization.id,
        kind,
        payload,
      });
      return reply.code(201).send({ data: report });
    });
  }

  app.get("/user-report", async (request) => {
    const { organization } = requireRole(request, "admin");
    const query = parseOr400(userReportListQuerySchema, request.query);
    const page = await listUserReports(store, { organizationId: organization.id, ...query });
    return { data: page.reports, meta: { count: page.count, limit: query.limit, offset: query.offset } };
  });

  app.get("/v1/beacon/vasp", async (request) => {
    requireRole(request, "viewer");
    const { entityUrn } = parseOr400(vaspQuery, request.query);
    const vasp = await findBeaconVasp(store, entityUrn);
    if (!vasp) throw subjectNotFound("entity");
    return { data: vasp };
  });
}
