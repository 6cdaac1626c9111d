import { z } from "zod";
import {
  attributionLabelSchema,
  type CounterpartyName,
  counterpartyNameOf,
} from "../attribution/counterpartyName.ts";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import {
  addressChainUrnSchema,
  anyEntityUrnSchema,
  assetUrnSchema,
  customEntityUrnSchema,
  entityUrnSchema,
  parseUrn,
} from "../chains/urn.ts";
import { pageSizes } from "../constants/limits.ts";
import { numberFilterSchema, rangeOnlyNumberFilterSchema } from "../filters/numberFilter.ts";
import { counterpartyUrnFilterSchema, hasHeaderFilters, urnFilterSubmitValue } from "../filters/urnFilter.ts";
import { usdText, usdTotalText } from "../format/usdAmount.ts";
import { riskScoreLevels } from "../risk/riskScale.ts";
import { categoryRiskScoreLevelSchema } from "../risk/schemas.ts";
import { decimalAmountSchema, transferDirectionSchema, transferRowSchema } from "../transfers/schemas.ts";
import {
  flowSubjectShape,
  offsetPageShape,
  oneWayOfPaging,
  oneWayOfPagingIssue,
  txDateRangeSchema,
} from "./flowSubject.ts";

const instant = z.iso.datetime({ offset: true });

/** 000 §7 counterparty kinds: by-counterparty-{kind}/transfers and to-{kind}/transfers. */
export const counterpartyKinds = ["entity", "address", "custom-entity"] as const;
export const counterpartyKindSchema = z.enum(counterpartyKinds);
export type CounterpartyKind = z.infer<typeof counterpartyKindSchema>;

/** 002 §9: counterparty flows come in pages of 30; a full page means another one exists. */
export const counterpartyFlowsPageSize = pageSizes.totalFlows;

export const counterpartySortFields = [
  "totalVolumeUsd",
  "incomingVolumeUsd",
  "outgoingVolumeUsd",
  "totalTransfers",
  "lastTransferAt",
] as const;
export const counterpartySortSchema = z.object({
  field: z.enum(counterpartySortFields).default("totalVolumeUsd"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
export type CounterpartySort = z.infer<typeof counterpartySortSchema>;

/**
 * One counterparty of a subject: a named entity (every address it owns together), an address nobody
 * is known to own, or one of the organization's custom entities. USD is null when none of the assets
 * moved with it has a price in the store (unknown, not zero).
 */
export const counterpartyRowSchema = z.object({
  counterpartyUrn: z.string(),
  counterpartyType: counterpartyKindSchema,
  /** The entity's or custom entity's name; null for an unattributed address. */
  name: z.string().nullable(),
  entityUrn: anyEntityUrnSchema.nullable(),
  addressChainUrn: addressChainUrnSchema.nullable(),
  chain: chainIdSchema.nullable(),
  category: z.string().nullable(),
  /** The counterparty risk level of its category (0..15); 0 when unknown or harmless. */
  categoryRiskScoreLevel: categoryRiskScoreLevelSchema,
  riskScoreLevel: z.int().min(0).max(5),
  incomingVolumeUsd: z.number().nullable(),
  outgoingVolumeUsd: z.number().nullable(),
  totalVolumeUsd: z.number().nullable(),
  incomingTransfers: z.int().min(0),
  outgoingTransfers: z.int().min(0),
  totalTransfers: z.int().min(0),
  firstTransferAt: instant,
  lastTransferAt: instant,
  /** Issue 39 (ours, additive): an address counterparty's best attribution label and its source. */
  label: attributionLabelSchema.nullable().optional(),
  /**
   * Issue 43 (ours, additive): of totalTransfers, those with no USD price, so a partly priced
   * total reads as a lower bound; absent where the store does not count them.
   */
  unpricedTransfers: z.int().min(0).optional(),
});
export type CounterpartyRow = z.infer<typeof counterpartyRowSchema>;

/**
 * 000 §5 header filters of the counterparties table (002 §7 "filters"): the transfer count with any
 * of the four operators, the total USD volume with at least or at most (an unknown volume never
 * matches), and the counterparty itself by a pasted address or entity URN.
 */
export const counterpartyFiltersSchema = z
  .object({
    totalTransfers: numberFilterSchema.optional(),
    totalVolumeUsd: rangeOnlyNumberFilterSchema.optional(),
    counterpartyUrn: counterpartyUrnFilterSchema.optional(),
  })
  .strict();
export type CounterpartyFilters = z.infer<typeof counterpartyFiltersSchema>;

/**
 * 000 §5 the counterparties table's URN filter on submit: a pasted address or entity URN, in
 * canonical spelling; null for other text (custom entities are rows of their own grouping).
 */
export function counterpartyUrnOfText(input: string): string | null {
  const urn = urnFilterSubmitValue(input);
  const kind = urn === null ? null : parseUrn(urn)?.kind;
  return kind === "address" || kind === "entity" ? urn : null;
}

/** Whether any counterparty header filter is set (the filtered-empty state offers Reset filters). */
export function hasCounterpartyFilters(filters: CounterpartyFilters | undefined): boolean {
  return hasHeaderFilters(filters);
}

/**
 * 001 §7 / 002 §7 POST /v2/counterparty-flows/{valueType}/summary. `riskScoreLevel` keeps the
 * counterparties at that 000 §9 risk score level or above (our choice: a floor, as an investigator
 * narrows to "High and above"). `includeNamedEntitiesOnly` leaves unattributed addresses out.
 */
export const counterpartyFlowsSummaryRequestSchema = z
  .object({
    ...flowSubjectShape,
    txDate: txDateRangeSchema.optional(),
    includeNamedEntitiesOnly: z.boolean().default(false),
    riskScoreLevel: z
      .int()
      .min(riskScoreLevels[0])
      .max(riskScoreLevels[riskScoreLevels.length - 1]!)
      .optional(),
    sort: counterpartySortSchema.default({ field: "totalVolumeUsd", direction: "desc" }),
    filters: counterpartyFiltersSchema.optional(),
    ...offsetPageShape(counterpartyFlowsPageSize, 100),
  })
  .strict();
export type CounterpartyFlowsSummaryRequest = z.input<typeof counterpartyFlowsSummaryRequestSchema>;

/** A page of counterparties: the rows, and whether a next page exists (a full page, 002 §7). */
export function counterpartyPageHasMore(rows: readonly unknown[], limit: number): boolean {
  return rows.length >= limit;
}

/**
 * 000 §7 by-counterparty-{kind}/transfers: the subject's counterparties of one kind. Paging is by
 * `pageSize` with the opaque cursor `after`, or by `offset` and `limit`, never both.
 */
export const byCounterpartyRequestSchema = z
  .object({
    ...flowSubjectShape,
    txDate: txDateRangeSchema.optional(),
    pageSize: z.int().min(1).max(100).optional(),
    after: z.string().min(1).max(200).optional(),
    limit: z.int().min(1).max(100).optional(),
    offset: z.int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine(oneWayOfPaging, oneWayOfPagingIssue);
export type ByCounterpartyRequest = z.input<typeof byCounterpartyRequestSchema>;

/** The counterparty a to-{kind} call is about: one field per kind. */
export const counterpartyFieldOf = {
  entity: "counterpartyEntityUrn",
  address: "counterpartyAddressChainUrn",
  "custom-entity": "counterpartyCustomEntityUrn",
} as const satisfies Record<CounterpartyKind, string>;

/**
 * 000 §7 to-{kind}/transfers (and /count): the 001 §3 transfer rows between the subject and one
 * counterparty, newest first, paged by `pageSize` and the opaque cursor `after`.
 */
export const counterpartyTransfersRequestSchema = z
  .object({
    ...flowSubjectShape,
    counterpartyEntityUrn: entityUrnSchema.optional(),
    counterpartyAddressChainUrn: addressChainUrnSchema.optional(),
    counterpartyCustomEntityUrn: customEntityUrnSchema.optional(),
    txDate: txDateRangeSchema.optional(),
    direction: transferDirectionSchema.optional(),
    pageSize: z.int().min(1).max(100).default(pageSizes.transfers),
    after: z.string().min(1).max(200).optional(),
  })
  .strict();
export type CounterpartyTransfersRequest = z.input<typeof counterpartyTransfersRequestSchema>;

export const counterpartyTransferRowsSchema = z.array(transferRowSchema);
export const transferCountSchema = z.object({ count: z.int().min(0) });

/** 000 §7 chain-assets/{type}/by-counterparty-{category|entity|address|custom-entity}/info. */
export const chainAssetsCounterpartyKinds = ["category", ...counterpartyKinds] as const;
export type ChainAssetsCounterpartyKind = (typeof chainAssetsCounterpartyKinds)[number];
export const chainAssetsRequestSchema = z
  .object({
    ...flowSubjectShape,
    counterpartyCategoryId: z.int().min(0).optional(),
    counterpartyEntityUrn: entityUrnSchema.optional(),
    counterpartyAddressChainUrn: addressChainUrnSchema.optional(),
    counterpartyCustomEntityUrn: customEntityUrnSchema.optional(),
  })
  .strict();
export type ChainAssetsRequest = z.input<typeof chainAssetsRequestSchema>;

/** Each chain and asset the subject moved with that counterparty, most transfers first. */
export const chainAssetInfoSchema = z.object({
  chain: chainIdSchema,
  assetUrn: assetUrnSchema,
  asset: z.string(),
  incomingVolumeRaw: decimalAmountSchema,
  outgoingVolumeRaw: decimalAmountSchema,
  transfers: z.int().min(0),
});
export type ChainAssetInfo = z.infer<typeof chainAssetInfoSchema>;

/** Issue 39: a counterparty row's name by the one rule (its entity, else its address's best label). */
export function counterpartyRowName(row: CounterpartyRow): CounterpartyName | null {
  return counterpartyNameOf({ entity: row.name, label: row.label });
}

/**
 * Issue 43: a counterparty's total as it reads: plain money, "at least $X; N of M transfers have no
 * USD price" when some of its transfers have none, "no price" when none has one.
 */
export function counterpartyTotalText(row: CounterpartyRow): string {
  // A table cell: wholly unknown reads as briefly as any other unknown figure.
  if (row.totalVolumeUsd === null) return usdText(null);
  return usdTotalText({
    usd: row.totalVolumeUsd,
    transfers: row.totalTransfers,
    unpriced: row.unpricedTransfers ?? 0,
  });
}
