import { z } from "zod";
import { addressChainUrnSchema, customEntityUrnSchema, entityUrnSchema } from "../chains/urn.ts";
import { categoryTransferFiltersSchema, ownershipAddressesRequestSchema } from "../flows/categories.ts";
import { counterpartyFlowsSummaryRequestSchema } from "../flows/counterparties.ts";
import { type FlowSubject, flowSubjectShape, flowValueTypes, subjectFieldOf } from "../flows/flowSubject.ts";
import { riskRowFiltersSchema } from "../flows/riskIndicators.ts";
import { attributionTypeSchema } from "../search/autocomplete.ts";
import { transferFiltersSchema } from "../transfers/transferTable.ts";
import { asyncJobSchema } from "./asyncJob.ts";
import { backgroundJobThreshold, downloadRowLimit } from "./downloadPlan.ts";

/**
 * 001 §7 POST /v1/async-jobs `jobType`: one per table an investigator can download. The spec names
 * no values; these are ours (docs/API.md "Downloads and background jobs").
 */
export const exportJobTypes = [
  "ADDRESS_TRANSFERS_CSV",
  "ENTITY_TRANSFERS_CSV",
  "CUSTOM_ENTITY_TRANSFERS_CSV",
  "SEARCH_RESULTS_CSV",
  "SCREENING_RESULTS_CSV",
  "ADDRESS_COUNTERPARTIES_CSV",
  "ENTITY_COUNTERPARTIES_CSV",
  "CUSTOM_ENTITY_COUNTERPARTIES_CSV",
  "CATEGORY_TRANSFERS_CSV",
  "CATEGORY_ADDRESSES_CSV",
  "RISK_INDICATORS_CSV",
] as const;
export const exportJobTypeSchema = z.enum(exportJobTypes);
export type ExportJobType = z.infer<typeof exportJobTypeSchema>;

/** 001 §4 the rows of the table to write: 0-based offset, at most 100,000 (001 §9). */
const rowWindow = {
  offset: z.int().min(0).default(0),
  limit: z.int().min(1).max(downloadRowLimit).default(downloadRowLimit),
};

/** Screening (batch) results: at most the download limit of addresses, one row each. */
export const screeningUrnsSchema = z.array(addressChainUrnSchema).min(1).max(downloadRowLimit);

/** The transfer table's filters (001 §2 / §7), newest first as the table sorts by default. */
const transferTableShape = { filters: transferFiltersSchema.default({}) };

/**
 * What the counterparty table (002 §7) narrows by, as its summary call takes it: the same filters
 * and order make the same rows.
 */
const counterpartyTableShape = counterpartyFlowsSummaryRequestSchema
  .pick({ txDate: true, includeNamedEntitiesOnly: true, riskScoreLevel: true, sort: true, filters: true })
  .strict().shape;

/** Exactly one subject field: the category tables belong to an address, entity or custom entity. */
function oneSubject(body: FlowSubject): boolean {
  return flowValueTypes.filter((type) => body[subjectFieldOf[type]] !== undefined).length === 1;
}
const oneSubjectIssue = {
  message: "Name exactly one of addressChainUrn, entityUrn or customEntityUrn",
  path: ["addressChainUrn"],
};

/** The `parameters` of each job type, checked by the server on create and by the worker on run. */
export const exportParameterSchemas = {
  ADDRESS_TRANSFERS_CSV: z.object({
    addressChainUrn: addressChainUrnSchema,
    ...transferTableShape,
    ...rowWindow,
  }),
  ENTITY_TRANSFERS_CSV: z.object({ entityUrn: entityUrnSchema, ...transferTableShape, ...rowWindow }),
  CUSTOM_ENTITY_TRANSFERS_CSV: z.object({
    customEntityUrn: customEntityUrnSchema,
    ...transferTableShape,
    ...rowWindow,
  }),
  SEARCH_RESULTS_CSV: z.object({
    query: z.string().trim().min(1).max(200),
    attributionType: attributionTypeSchema,
    ...rowWindow,
  }),
  SCREENING_RESULTS_CSV: z.object({ addressChainUrns: screeningUrnsSchema, ...rowWindow }),
  ADDRESS_COUNTERPARTIES_CSV: z.object({
    addressChainUrn: addressChainUrnSchema,
    ...counterpartyTableShape,
    ...rowWindow,
  }),
  ENTITY_COUNTERPARTIES_CSV: z.object({
    entityUrn: entityUrnSchema,
    ...counterpartyTableShape,
    ...rowWindow,
  }),
  CUSTOM_ENTITY_COUNTERPARTIES_CSV: z.object({
    customEntityUrn: customEntityUrnSchema,
    ...counterpartyTableShape,
    ...rowWindow,
  }),
  // 001 §2 category transfers: the subject's transfers with counterparties of one category (001 §7
  // by-counterparty-category/transfers), with that table's filters.
  CATEGORY_TRANSFERS_CSV: z
    .object({
      ...flowSubjectShape,
      counterpartyCategoryId: z.int().min(0),
      filters: categoryTransferFiltersSchema.default({}),
      ...rowWindow,
    })
    .refine(oneSubject, oneSubjectIssue),
  // 001 §2 category addresses: the subject's own addresses of one ownership category (001 §7
  // by-ownership-category/addresses), in that table's order.
  CATEGORY_ADDRESSES_CSV: z
    .object({
      ...flowSubjectShape,
      ownershipCategoryId: z.int().min(0),
      ...ownershipAddressesRequestSchema.pick({ chain: true, sort: true, filters: true }).shape,
      ...rowWindow,
    })
    .refine(oneSubject, oneSubjectIssue),
  // 001 §3 risk rows: the subject's risk indicators (001 §7 POST /risk/{valueType}/indicators),
  // riskiest first, under the table's 000 §5 header filters.
  RISK_INDICATORS_CSV: z
    .object({ ...flowSubjectShape, filters: riskRowFiltersSchema.default({}), ...rowWindow })
    .refine(oneSubject, oneSubjectIssue),
} as const satisfies Record<ExportJobType, z.ZodType>;
export type ExportParameters<T extends ExportJobType> = z.output<(typeof exportParameterSchemas)[T]>;

export interface ExportRequest {
  jobType: ExportJobType;
  parameters: Record<string, unknown>;
}

/** Checks a request against its job type's schema; answers the parsed request or the issues. */
export function parseExportRequest(
  value: unknown,
): { success: true; data: ExportRequest } | { success: false; error: z.ZodError } {
  const base = z.object({ jobType: exportJobTypeSchema, parameters: z.record(z.string(), z.unknown()) });
  const head = base.safeParse(value);
  if (!head.success) return head;
  const parameters = exportParameterSchemas[head.data.jobType].safeParse(head.data.parameters);
  if (!parameters.success) {
    return {
      success: false,
      error: new z.ZodError(
        parameters.error.issues.map((issue) => ({ ...issue, path: ["parameters", ...issue.path] })),
      ),
    };
  }
  return { success: true, data: { jobType: head.data.jobType, parameters: parameters.data } };
}

/** Our job states: queued, running (claimed by a worker), succeeded (a file), failed, expired. */
export const asyncJobStatuses = ["queued", "running", "succeeded", "failed", "expired"] as const;
export const asyncJobStatusSchema = z.enum(asyncJobStatuses);
export type AsyncJobStatus = z.infer<typeof asyncJobStatusSchema>;

const instant = z.iso.datetime({ offset: true });

/** 001 §3 Async job, with what the jobs panel shows beside the spec's fields. */
export const asyncJobDetailsSchema = asyncJobSchema.extend({
  status: asyncJobStatusSchema,
  /** Rows written so far, and the rows the job will write (known once it started). */
  progressRows: z.int().min(0),
  totalRows: z.int().min(0).nullable(),
  fileName: z.string(),
  createdAt: instant,
  finishedAt: instant.nullable(),
  /** 001 §8's download failure text when the job failed. */
  error: z.string().nullable(),
});
export type AsyncJobDetails = z.infer<typeof asyncJobDetailsSchema>;

export const asyncJobSortColumns = ["createdAt", "resultExpiresAt", "resultDownloadedAt"] as const;

const nullFilter = z.enum(["null", "notNull"]);

/**
 * 001 §7 GET /v1/async-jobs: limit, offset, sort, filters (including resultDownloadedAt and
 * resultExpiresAt). Choice: a filter on a date is `null`, `notNull`, or `gt:<instant>`/`lt:<instant>`;
 * sort is `column` or `-column` (descending). `meta.count` counts the filtered jobs.
 */
/** `gt:<instant>` or `lt:<instant>`, the instant in RFC 3339 (the store compares it as a timestamp). */
const instantFilter = z
  .string()
  .regex(/^(gt|lt):/)
  .refine((value) => z.iso.datetime({ offset: true }).safeParse(value.slice(3)).success, {
    message: "Expected gt:<instant> or lt:<instant> with an RFC 3339 instant",
  });

export const asyncJobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z
    .enum([...asyncJobSortColumns, ...asyncJobSortColumns.map((column) => `-${column}` as const)])
    .default("-createdAt"),
  resultDownloadedAt: z.union([nullFilter, instantFilter]).optional(),
  resultExpiresAt: z.union([nullFilter, instantFilter]).optional(),
  status: asyncJobStatusSchema.optional(),
  jobType: exportJobTypeSchema.optional(),
});
export type AsyncJobListQuery = Partial<
  Omit<z.output<typeof asyncJobListQuerySchema>, "limit" | "offset"> & { limit: number; offset: number }
>;

/**
 * 001 §7 the notification count polled every 5 s (isAwaitingDownload's rule): results ready, not
 * downloaded and not expired.
 */
export function awaitingDownloadQuery(now: Date): AsyncJobListQuery {
  return { limit: 1, resultDownloadedAt: "null", resultExpiresAt: `gt:${now.toISOString()}` };
}

/** 001 §7 POST /v1/async-jobs/{asyncJobUuid}/download-url: a short-lived URL anyone holding it may GET. */
export const downloadUrlSchema = z.object({
  url: z.url(),
  expiresAt: instant,
  fileName: z.string(),
});
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;

/** 001 §4 the direct download ('Download', at most 100 rows): same request as a job. */
export const directDownloadRowLimit = backgroundJobThreshold;

/** How long a download URL works, and how long a job's result is kept (our choices). */
export const downloadUrlLifetimeMs = 5 * 60_000;
export const jobResultLifetimeMs = 24 * 60 * 60_000;
