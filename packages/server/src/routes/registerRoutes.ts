import type { FastifyInstance } from "fastify";
import { awaitReplicaReplay } from "../store/replicaReplay.ts";
import { activityRoutes } from "./activity.ts";
import { apiTokenRoutes } from "./apiTokens.ts";
import { asyncJobRoutes } from "./asyncJobs.ts";
import { authRoutes } from "./auth.ts";
import { caseRoutes } from "./cases.ts";
import type { RouteContext } from "./context.ts";
import { customEntityRoutes } from "./customEntities.ts";
import { detectorRoutes } from "./detectors.ts";
import { featureFlagRoutes } from "./featureFlags.ts";
import { flagRoutes } from "./flags.ts";
import { flowRoutes } from "./flows.ts";
import { graphRoutes } from "./graphs.ts";
import { healthRoutes } from "./health.ts";
import { holdingsRoutes } from "./holdings.ts";
import { importRoutes } from "./imports.ts";
import { ingestRoutes } from "./ingest.ts";
import { interestRoutes } from "./interests.ts";
import { memberRoutes } from "./members.ts";
import { metricsRoutes } from "./metrics.ts";
import { notificationRoutes } from "./notifications.ts";
import { observationRoutes } from "./observations.ts";
import { operatorRoutes } from "./operator.ts";
import { organizationRoutes } from "./organizations.ts";
import { preferenceRoutes } from "./preferences.ts";
import { searchRoutes } from "./search.ts";
import { transferRoutes } from "./transfers.ts";
import { triageRoutes } from "./triage.ts";
import { userReportRoutes } from "./userReports.ts";

/**
 * Areas over the organization's own objects and every write, answered from the primary (`store`).
 * With a read replica, a write among them answers once the replica has replayed it (replicaReplay.ts).
 */
const primaryAreas = [
  healthRoutes,
  authRoutes,
  apiTokenRoutes,
  featureFlagRoutes,
  organizationRoutes,
  memberRoutes,
  preferenceRoutes,
  activityRoutes,
  importRoutes,
  ingestRoutes,
  asyncJobRoutes,
  customEntityRoutes,
  flagRoutes,
  caseRoutes,
  interestRoutes,
  userReportRoutes,
  detectorRoutes,
  notificationRoutes,
  operatorRoutes,
];

/**
 * Analytics areas: chain facts and the read model, read from `readStore` (the replica when there is
 * one). What they write themselves (status reports, saved graphs, suggestions) goes to the primary and
 * is never read back through `readStore`, so none of them waits for the replica.
 */
const analyticsAreas = [
  searchRoutes,
  metricsRoutes,
  transferRoutes,
  flowRoutes,
  holdingsRoutes,
  observationRoutes,
  graphRoutes,
  triageRoutes,
];

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every API route; later areas add their module to one of the two lists above. */
export async function registerRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  const { store, readStore } = context;
  await app.register(async (primary) => {
    if (readStore !== store) {
      primary.addHook("onSend", async (request, reply, payload) => {
        if (writeMethods.has(request.method) && reply.statusCode < 400) {
          const replayed = await awaitReplicaReplay(store, readStore);
          if (!replayed) request.log.warn("the read replica has not replayed this write yet; reads may lag");
        }
        return payload;
      });
    }
    for (const routes of primaryAreas) routes(primary, context);
  });
  for (const routes of analyticsAreas) routes(app, context);
}
