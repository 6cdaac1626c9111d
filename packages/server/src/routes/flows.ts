import {
  apiVersionFamilies,
  bulkSubjectFieldOf,
  byCounterpartyRequestSchema,
  categoryFilterValuesRequestSchema,
  categoryTransfersPageSize,
  categoryTransfersRequestSchema,
  chainAssetsCounterpartyKinds,
  chainAssetsRequestSchema,
  counterpartyFieldOf,
  counterpartyFlowsSummaryRequestSchema,
  counterpartyKinds,
  counterpartyTransfersRequestSchema,
  dailyExposureRequestSchema,
  type FlowSubject,
  type FlowValueType,
  flowSummaryBulkRequestSchema,
  flowSummaryRequestSchema,
  flowValueTypes,
  forValueType,
  ownershipAddressesRequestSchema,
  ownershipCategoriesRequestSchema,
  riskIndicatorsRequestSchema,
  subjectUrnOf,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  categoryFilterValues,
  categoryTransferPage,
  ownershipAddresses,
  ownershipCategories,
} from "../flows/categories.ts";
import { counterpartyPage } from "../flows/counterparties.ts";
import {
  chainAssetsWith,
  counterpartyTransferCount,
  counterpartyTransferPage,
  resolveCounterparty,
} from "../flows/counterpartyTransfers.ts";
import { categoryDaily, riskDaily, riskRatiosDaily } from "../flows/exposure.ts";
import { offsetCursor, offsetOfCursor } from "../flows/flowCursors.ts";
import { type FlowSubjectRows, resolveFlowSubject } from "../flows/flowSubjects.ts";
import { dailyFlows, flowSummaries } from "../flows/flowSummaries.ts";
import { riskIndicators } from "../flows/riskIndicators.ts";
import { requireRole, viewerOf } from "../http/auth.ts";
import { badRequest } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { StoreDeadlineError } from "../store/requestDeadline.ts";
import type { Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

// Follow the money (000 §7 "Flows" and "Risk", 001 §7 "Flows and transfers"): every path exactly as
// the specification writes it, once per version it names, for each value type. Each body is checked
// with the SDK's schema for the path's value type; the subject is resolved within the caller's
// organization (another organization's custom entity answers 404, like an unknown one).

/** The versions each call family answers under (000 §7, 001 §7): the SDK's, which picks one. */
const versions = {
  flows: apiVersionFamilies.flowSummary.versions,
  counterparties: apiVersionFamilies.counterpartyFlows.versions,
  category: apiVersionFamilies.categoryFlows.versions,
  ownership: apiVersionFamilies.ownershipFlows.versions,
  daily: ["v5"],
} as const;

async function subjectOf(
  db: Queryable,
  request: FastifyRequest,
  valueType: FlowValueType,
  body: FlowSubject,
): Promise<FlowSubjectRows> {
  const viewer = viewerOf(requireRole(request, "viewer"));
  // forValueType made the field required; the schema checked the URN.
  return resolveFlowSubject(db, valueType, subjectUrnOf(valueType, body)!, viewer);
}

export function flowRoutes(app: FastifyInstance, { readStore }: RouteContext): void {
  for (const valueType of flowValueTypes) {
    const schemaFor = <S extends Parameters<typeof forValueType>[0]>(schema: S) =>
      forValueType(schema, valueType);
    const summarySchema = schemaFor(counterpartyFlowsSummaryRequestSchema);

    // 001 §7 / 002 §7: pages of 30 by default; the client reads a full page as "there is another".
    app.post(`/v2/counterparty-flows/${valueType}/summary`, async (request) => {
      requireRole(request, "viewer");
      const body = parseOr400(summarySchema, request.body);
      const subject = await subjectOf(readStore, request, valueType, body);
      const viewer = viewerOf(requireRole(request, "viewer"));
      const rows = await counterpartyPage(readStore, subject, { grouping: "mixed", ...body }, viewer);
      return {
        data: rows,
        meta: { limit: body.limit, offset: body.offset, hasMore: rows.length >= body.limit },
      };
    });

    for (const version of versions.flows) {
      const flowSummarySchema = schemaFor(flowSummaryRequestSchema);
      app.post(`/trm-insights/${version}/flows/${valueType}/summary`, async (request) => {
        requireRole(request, "viewer");
        const body = parseOr400(flowSummarySchema, request.body);
        const subject = await subjectOf(readStore, request, valueType, body);
        const [summary] = await flowSummaries(readStore, [subject], body.txDate, body.filters);
        const daily = body.includeDaily ? await dailyFlows(readStore, subject, body.txDate) : undefined;
        return { data: { ...summary!, ...(daily ? { daily } : {}) } };
      });

      // 000 §7 "/bulk for several": one item per known URN, in request order, echoing the URN.
      app.post(`/trm-insights/${version}/flows/${valueType}/summary/bulk`, async (request) => {
        const viewer = viewerOf(requireRole(request, "viewer"));
        const body = parseOr400(flowSummaryBulkRequestSchema, request.body);
        const urns = body[bulkSubjectFieldOf[valueType]] ?? [];
        const subjects: FlowSubjectRows[] = [];
        for (const urn of urns) {
          try {
            subjects.push(await resolveFlowSubject(readStore, valueType, urn, viewer));
          } catch (error) {
            // Unknown URNs are left out, as in every bulk call (docs/API.md); a busy store is not.
            if (error instanceof StoreDeadlineError) throw error;
          }
        }
        const summaries = await flowSummaries(readStore, subjects, body.txDate, body.filters);
        return { data: subjects.map((subject, index) => ({ urn: subject.urn, ...summaries[index]! })) };
      });
    }

    for (const version of versions.counterparties) {
      const byCounterpartySchema = schemaFor(byCounterpartyRequestSchema);
      const transfersSchema = schemaFor(counterpartyTransfersRequestSchema);
      for (const kind of counterpartyKinds) {
        app.post(
          `/trm-insights/${version}/flows/${valueType}/by-counterparty-${kind}/transfers`,
          async (request) => {
            const viewer = viewerOf(requireRole(request, "viewer"));
            const body = parseOr400(byCounterpartySchema, request.body);
            const subject = await subjectOf(readStore, request, valueType, body);
            const cursorPaged = body.limit === undefined && body.offset === undefined;
            const size = body.pageSize ?? body.limit ?? categoryTransfersPageSize;
            const offset = cursorPaged ? offsetOfCursor(body.after) : (body.offset ?? 0);
            const rows = await counterpartyPage(
              readStore,
              subject,
              { grouping: kind, txDate: body.txDate, limit: size + 1, offset },
              viewer,
            );
            const more = rows.length > size;
            return {
              data: rows.slice(0, size),
              meta: cursorPaged
                ? {
                    nextCursor: more ? offsetCursor(offset + size) : null,
                    previousCursor: offset > 0 ? offsetCursor(Math.max(0, offset - size)) : null,
                  }
                : { limit: size, offset, hasMore: more },
            };
          },
        );

        const counterpartyUrnOf = (body: Record<string, unknown>) =>
          body[counterpartyFieldOf[kind]] as string | undefined;
        app.post(`/trm-insights/${version}/flows/${valueType}/to-${kind}/transfers`, async (request) => {
          const viewer = viewerOf(requireRole(request, "viewer"));
          const body = parseOr400(transfersSchema, request.body);
          const subject = await subjectOf(readStore, request, valueType, body);
          const counterparty = await resolveCounterparty(readStore, kind, counterpartyUrnOf(body), viewer);
          const page = await counterpartyTransferPage(readStore, subject, counterparty, body);
          return { data: page.rows, meta: { nextCursor: page.nextCursor, previousCursor: null } };
        });

        app.post(
          `/trm-insights/${version}/flows/${valueType}/to-${kind}/transfers/count`,
          async (request) => {
            const viewer = viewerOf(requireRole(request, "viewer"));
            const body = parseOr400(transfersSchema, request.body);
            const subject = await subjectOf(readStore, request, valueType, body);
            const counterparty = await resolveCounterparty(readStore, kind, counterpartyUrnOf(body), viewer);
            return {
              data: { count: await counterpartyTransferCount(readStore, subject, counterparty, body) },
            };
          },
        );
      }

      const chainAssetsSchema = schemaFor(chainAssetsRequestSchema);
      for (const kind of chainAssetsCounterpartyKinds) {
        app.post(
          `/trm-insights/${version}/chain-assets/${valueType}/by-counterparty-${kind}/info`,
          async (request) => {
            const viewer = viewerOf(requireRole(request, "viewer"));
            const body = parseOr400(chainAssetsSchema, request.body);
            const subject = await subjectOf(readStore, request, valueType, body);
            if (kind === "category") {
              const categoryId = body.counterpartyCategoryId;
              if (categoryId === undefined)
                throw invalidField("counterpartyCategoryId", "counterpartyCategoryId is required");
              return { data: await chainAssetsWith(readStore, subject, { categoryId }) };
            }
            const counterparty = await resolveCounterparty(
              readStore,
              kind,
              body[counterpartyFieldOf[kind]],
              viewer,
            );
            return { data: await chainAssetsWith(readStore, subject, counterparty) };
          },
        );
      }
    }

    for (const version of versions.category) {
      const transfersSchema = schemaFor(categoryTransfersRequestSchema);
      const valuesSchema = schemaFor(categoryFilterValuesRequestSchema);
      app.post(
        `/trm-insights/${version}/flows/${valueType}/by-counterparty-category/transfers`,
        async (request) => {
          const body = parseOr400(transfersSchema, request.body);
          const subject = await subjectOf(readStore, request, valueType, body);
          const offsetPaged = body.limit !== undefined || body.offset !== undefined;
          const paging = offsetPaged
            ? { limit: body.limit ?? categoryTransfersPageSize, offset: body.offset ?? 0 }
            : { pageSize: body.pageSize ?? categoryTransfersPageSize, after: body.after };
          const page = await categoryTransferPage(
            readStore,
            subject,
            body.counterpartyCategoryId,
            body.filters,
            paging,
          );
          return { data: page.rows, meta: { nextCursor: page.nextCursor } };
        },
      );
      app.post(
        `/trm-insights/${version}/flows/${valueType}/by-counterparty-category/filter-values`,
        async (request) => {
          const body = parseOr400(valuesSchema, request.body);
          const subject = await subjectOf(readStore, request, valueType, body);
          return { data: await categoryFilterValues(readStore, subject, body.counterpartyCategoryId) };
        },
      );
    }

    for (const version of versions.ownership) {
      const schema = schemaFor(ownershipAddressesRequestSchema);
      app.post(
        `/trm-insights/${version}/flows/${valueType}/by-ownership-category/addresses`,
        async (request) => {
          const body = parseOr400(schema, request.body);
          const subject = await subjectOf(readStore, request, valueType, body);
          return {
            data: await ownershipAddresses(readStore, subject, body),
            meta: { limit: body.limit, offset: body.offset },
          };
        },
      );
      const categoriesSchema = schemaFor(ownershipCategoriesRequestSchema);
      app.post(
        `/trm-insights/${version}/flows/${valueType}/by-ownership-category/summary`,
        async (request) => {
          const body = parseOr400(categoriesSchema, request.body);
          const subject = await subjectOf(readStore, request, valueType, body);
          return { data: await ownershipCategories(readStore, subject) };
        },
      );
    }

    for (const version of versions.daily) {
      const schema = schemaFor(dailyExposureRequestSchema);
      const daily = {
        "by-counterparty-category/daily": categoryDaily,
        "by-counterparty-risk/daily": riskDaily,
        "by-counterparty-risk/ratios/daily": riskRatiosDaily,
      } as const;
      for (const [path, read] of Object.entries(daily)) {
        app.post(`/trm-insights/${version}/flows/${valueType}/${path}`, async (request) => {
          const body = parseOr400(schema, request.body);
          const subject = await subjectOf(readStore, request, valueType, body);
          return { data: await read(readStore, subject, body.txDate) };
        });
      }
    }

    const riskSchema = schemaFor(riskIndicatorsRequestSchema);
    app.post(`/risk/${valueType}/indicators`, async (request) => {
      const body = parseOr400(riskSchema, request.body);
      const subject = await subjectOf(readStore, request, valueType, body);
      return { data: await riskIndicators(readStore, subject, body.filters) };
    });
  }
}

/** A 400 naming the field at fault, shaped like the zod issues of every other 400. */
function invalidField(field: string, message: string) {
  return badRequest("The request is not valid", [{ path: [field], code: "custom", message }]);
}
