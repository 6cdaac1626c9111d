import {
  addressMetricsRequestSchema,
  addressRiskInfoRequestSchema,
  customEntityMetricsRequestSchema,
  entityMetricsRequestSchema,
  entityRiskScoreRequestSchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { requireRole } from "../http/auth.ts";
import { sendJsonText } from "../http/jsonText.ts";
import { parseOr400 } from "../http/validation.ts";
import {
  addressMetrics,
  addressRiskInfo,
  customEntityMetrics,
  entityMetrics,
  entityRiskScores,
} from "../metrics/bulkMetrics.ts";
import type { RouteContext } from "./context.ts";

// 000 §7 "Metrics and observations" and "Risk": the bulk calls. The answer is {success, data}: a
// batch the server answered is successful; one it could not answer gets the error envelope (a batch
// over its size, 900 / 20 / 100, answers 400), which the SDK counts as the unsuccessful batch.

export function metricsRoutes(app: FastifyInstance, { readStore }: RouteContext): void {
  app.post("/trm-insights/v1/address/metrics/summary/mini/bulk", async (request, reply) => {
    requireRole(request, "viewer");
    const { addressChainUrns, ...parts } = parseOr400(addressMetricsRequestSchema, request.body);
    const items = await addressMetrics(readStore, addressChainUrns, parts);
    return sendJsonText(reply, `{"success":true,"data":${items}}`);
  });

  app.post("/trm-insights/v1/entity/metrics/summary/mini/bulk", async (request) => {
    requireRole(request, "viewer");
    const { entityUrns, ...parts } = parseOr400(entityMetricsRequestSchema, request.body);
    return { success: true, data: await entityMetrics(readStore, entityUrns, parts) };
  });

  app.post("/trm-insights/v1/custom-entity/metrics/summary/bulk", async (request) => {
    const { organization, user } = requireRole(request, "viewer");
    const { customEntityUrns, ...parts } = parseOr400(customEntityMetricsRequestSchema, request.body);
    return {
      success: true,
      data: await customEntityMetrics(readStore, customEntityUrns, parts, organization.id, user.id),
    };
  });

  app.post("/trm-insights/v4/risk/address/risk-indicators/mini-info/bulk", async (request, reply) => {
    requireRole(request, "viewer");
    const { addressChainUrns } = parseOr400(addressRiskInfoRequestSchema, request.body);
    const items = await addressRiskInfo(readStore, addressChainUrns);
    return sendJsonText(reply, `{"success":true,"data":${items}}`);
  });

  app.post("/trm-insights/v4/risk/entity/risk-score/info/bulk", async (request) => {
    requireRole(request, "viewer");
    const { entityUrns } = parseOr400(entityRiskScoreRequestSchema, request.body);
    return { success: true, data: await entityRiskScores(readStore, entityUrns) };
  });
}
