import type { FastifyInstance } from "fastify";
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

export type { RouteContext } from "./context.ts";

/** Every API route; later areas add their module here. */
export async function registerRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  for (const routes of [
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
    searchRoutes,
    metricsRoutes,
    asyncJobRoutes,
    transferRoutes,
    flowRoutes,
    holdingsRoutes,
    observationRoutes,
    customEntityRoutes,
    flagRoutes,
    caseRoutes,
    interestRoutes,
    userReportRoutes,
    graphRoutes,
    triageRoutes,
    detectorRoutes,
    notificationRoutes,
    operatorRoutes,
  ]) {
    routes(app, context);
  }
}
