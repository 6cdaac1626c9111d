import {
  apiVersionFamilies,
  assetHoldingsLimits,
  assetHoldingsRequestSchema,
  byAssetSummaryRequestSchema,
  flowValueTypes,
  forValueType,
  statisticsMaxUrns,
  statisticsUrnSchema,
  subjectUrnOf,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { resolveFlowSubject } from "../flows/flowSubjects.ts";
import { assetMetrics } from "../flows/flowSummaries.ts";
import { assetHoldings, subjectStatistics } from "../flows/holdings.ts";
import { requireRole, viewerOf } from "../http/auth.ts";
import { parseOr400 } from "../http/validation.ts";
import { subjectNotFound } from "../metrics/subjects.ts";
import type { RouteContext } from "./context.ts";

// 000 §7 "Address data" and "Metrics and observations": holdings, per-asset metrics and statistics.

const statisticsQuerySchema = z.object({ urn: statisticsUrnSchema });
const statisticsBulkQuerySchema = z.object({
  urns: z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z.array(statisticsUrnSchema).min(1).max(statisticsMaxUrns),
  ),
});

export function holdingsRoutes(app: FastifyInstance, { readStore }: RouteContext): void {
  for (const version of Object.keys(assetHoldingsLimits) as (keyof typeof assetHoldingsLimits)[]) {
    const schema = assetHoldingsRequestSchema(version);
    app.post(`/trm-insights/${version}/address/asset_holdings`, async (request) => {
      requireRole(request, "viewer");
      const body = parseOr400(schema, request.body);
      return { data: await assetHoldings(readStore, body.addresses, body.limit) };
    });
  }

  for (const valueType of flowValueTypes) {
    const byAssetSchema = forValueType(byAssetSummaryRequestSchema, valueType);
    app.post(`/trm-insights/v5/metrics/${valueType}/by-asset/summary`, async (request) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      const body = parseOr400(byAssetSchema, request.body);
      const subject = await resolveFlowSubject(readStore, valueType, subjectUrnOf(valueType, body)!, viewer);
      return {
        data: await assetMetrics(readStore, subject, body),
        meta: { limit: body.limit, offset: body.offset },
      };
    });

    for (const version of apiVersionFamilies.statistics.versions) {
      app.get(`/trm-insights/${version}/statistics/${valueType}/summary`, async (request) => {
        const viewer = viewerOf(requireRole(request, "viewer"));
        const { urn } = parseOr400(statisticsQuerySchema, request.query);
        const [found] = await subjectStatistics(readStore, valueType, [urn], viewer);
        if (!found) throw subjectNotFound(valueType);
        return { data: found };
      });
      app.get(`/trm-insights/${version}/statistics/${valueType}/summary/bulk`, async (request) => {
        const viewer = viewerOf(requireRole(request, "viewer"));
        const { urns } = parseOr400(statisticsBulkQuerySchema, request.query);
        return { data: await subjectStatistics(readStore, valueType, urns, viewer) };
      });
    }
  }
}
