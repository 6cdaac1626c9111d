import type { AttributionTag, RiskType } from "@sleuth/sdk";
import { type TagRow, tagsFromJson } from "../search/attributionTags.ts";
import { withOwnerTag } from "../search/ownerTag.ts";
import type { SummaryParts } from "./memberSummaries.ts";
import { type AddressSummaryRow, addressSummaryColumns, addressSummaryParts } from "./miniSummary.ts";
import { addressRiskSummaryOf } from "./riskInfo.ts";
import { fieldSeparator } from "./subjects.ts";

// What the three address bulk calls answer about an address is the same every time until the rollups
// are rebuilt: refreshRollups prints it once per address (address_summary.answers, migration 0100)
// with the functions below, and a batch joins the printed pieces around the URNs it was asked about.
// So a `sleuth batch` does not parse each row's values, build the answer objects and print them again
// for every address it asks about: that work is done once per rollup build.

/** An address's tag as its summary row holds it (migration 0060). */
export type SummaryTag = [
  tagType: "ordinary" | "behavioral_signature",
  categoryId: number,
  category: string,
  evidence: string,
  confidence: number,
  entitySlug: string | null,
  entityName: string | null,
  signatureId: string | null,
  signatureName: string | null,
  signatureDescription: string | null,
];

/** An address's summary row, the values its answers are printed from. */
export interface SummaryRow extends AddressSummaryRow {
  /** [riskType, categoryId, category, level, incomingUsd, outgoingUsd, instances] per indicator. */
  risk_indicators: [RiskType, number, string, number, number | null, number | null, number | null][] | null;
  owner_slug: string | null;
  owner_name: string | null;
  owner_category_id: number | null;
  owner_category: string | null;
  tags: SummaryTag[] | null;
}

const summaryColumns = [
  ...addressSummaryColumns,
  "risk_indicators",
  "owner_slug",
  "owner_name",
  "owner_category_id",
  "owner_category",
  "tags",
] as const satisfies readonly (keyof SummaryRow)[];

/** The JSON array text of the summaryColumns' values of the row aliased `alias`: what summaryRowOf reads. */
export function summaryValuesSql(alias: string): string {
  return `json_build_array(${summaryColumns.map((column) => `${alias}.${column}`).join(", ")})::text`;
}

/**
 * The printed answers of an address: JSON members without their braces (the metrics summary in its
 * four parts, the risk mini-info) and the attribution's tags array.
 */
export interface SummaryAnswers {
  base: string;
  balance: string;
  assets: string;
  volume: string;
  risk: string;
  tags: string;
}

const members = (value: object) => JSON.stringify(value).slice(1, -1);

function tagOfSummary(tag: SummaryTag): TagRow {
  return {
    tag_type: tag[0],
    category_id: tag[1],
    category: tag[2],
    evidence: tag[3],
    confidence: tag[4],
    entity_slug: tag[5],
    entity_name: tag[6],
    signature_id: tag[7],
    signature_name: tag[8],
    signature_description: tag[9],
  };
}

/** 000 §3 attribution tags of an address: its owner first, then its tags, the most confident first. */
export function addressTagsOf(row: SummaryRow): AttributionTag[] {
  return withOwnerTag(tagsFromJson((row.tags ?? []).map(tagOfSummary)), row);
}

/** The answers of `row`, as address_summary.answers holds them: the pieces in SummaryAnswers order. */
export function summaryAnswersText(row: SummaryRow): string {
  const { base, balance, assets, volume } = addressSummaryParts(row);
  return [
    members(base),
    members(balance),
    members(assets),
    members(volume),
    members(addressRiskSummaryOf(row.risk_indicators)),
    JSON.stringify(addressTagsOf(row)),
  ].join(fieldSeparator);
}

/** The answers of an address_summary.answers text (summaryAnswersText). */
export function parseSummaryAnswers(text: string): SummaryAnswers {
  const [base = "", balance = "", assets = "", volume = "", risk = "", tags = "[]"] =
    text.split(fieldSeparator);
  return { base, balance, assets, volume, risk, tags };
}

/** A summary row from the JSON array of its summaryColumns' values, in that order. */
export function summaryRowOf(values: readonly unknown[]): SummaryRow {
  const row: Record<string, unknown> = {};
  for (let column = 0; column < summaryColumns.length; column++)
    row[summaryColumns[column]!] = values[column];
  return row as unknown as SummaryRow;
}

/** 000 §7 address metrics mini summary item: the URN as sent, then the parts the request asked for. */
export function metricsItemJson(urn: string, answers: SummaryAnswers, parts: SummaryParts): string {
  let item = `{"addressChainUrn":${JSON.stringify(urn)},${answers.base}`;
  if (parts.includeBalanceMetrics) item += `,${answers.balance}`;
  if (parts.includeAssetCount) item += `,${answers.assets}`;
  if (parts.includeVolumeMetrics) item += `,${answers.volume}`;
  return `${item}}`;
}

/** 000 §7 address risk-indicators mini-info item. */
export function riskItemJson(urn: string, answers: SummaryAnswers): string {
  return `{"addressChainUrn":${JSON.stringify(urn)},${answers.risk}}`;
}

/** 002 §7 address attribution item. */
export function attributionItemJson(urn: string, answers: SummaryAnswers): string {
  return `{"addressChainUrn":${JSON.stringify(urn)},"tags":${answers.tags}}`;
}
