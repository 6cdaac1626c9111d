import { utc } from "@date-fns/utc";
import type { Locale } from "date-fns";
import { format } from "date-fns/format";
import { z } from "zod";
import { counterpartyNameSchema, counterpartyNameText } from "../attribution/counterpartyName.ts";
import { type CsvColumn, toCsv } from "../downloads/csv.ts";

// 002 §9: report dates are formatted for these languages; any other falls back to English. A
// locale is loaded when a report first needs it: importing all six with the SDK cost every CLI
// command a sixth of its start-up.
const triageReportLocaleLoaders = {
  en: () => import("date-fns/locale/en-US").then((module) => module.enUS),
  zh: () => import("date-fns/locale/zh-CN").then((module) => module.zhCN),
  de: () => import("date-fns/locale/de").then((module) => module.de),
  es: () => import("date-fns/locale/es").then((module) => module.es),
  fr: () => import("date-fns/locale/fr").then((module) => module.fr),
  pt: () => import("date-fns/locale/pt").then((module) => module.pt),
} as const satisfies Record<string, () => Promise<Locale>>;
export type TriageReportLanguage = keyof typeof triageReportLocaleLoaders;

/** The date-fns locale of a report language, loaded on first use. */
export function loadTriageReportLocale(language: TriageReportLanguage): Promise<Locale> {
  return triageReportLocaleLoaders[language]();
}

/** The report language for a BCP 47 tag ("de-AT" is German, "ja" falls back to English). */
export function triageReportLanguage(tag: string | undefined): TriageReportLanguage {
  const language = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return Object.hasOwn(triageReportLocaleLoaders, language) ? (language as TriageReportLanguage) : "en";
}

/**
 * 002 §9: a report date in the reader's language (`locale`, from loadTriageReportLocale), in UTC so
 * every reader sees the same instant (e.g. "Mar 5, 2024 13:07:09 UTC", "5. März 2024 13:07:09 UTC").
 */
export function formatTriageReportDate(value: Date | string | number, locale: Locale): string {
  return `${format(new Date(value), "PP HH:mm:ss", { in: utc, locale })} UTC`;
}

// 002 §9: flow amounts above 1000 are rounded to 4 decimals.
export const flowAmountRoundingThreshold = 1000;

/** 002 §9: amounts above 1000 (in size) are rounded to 4 decimals; smaller ones are kept whole. */
export function roundFlowAmount(amount: number): number {
  return Math.abs(amount) > flowAmountRoundingThreshold ? Number(amount.toFixed(4)) : amount;
}

// 002 §9: a counterparty of category 8 is marked as a lead.
export const leadCategoryId = 8;

/**
 * One counterparty flow of the report. `counterparty` is its name (owner entity, else best
 * attribution label), else its address.
 */
export const triageReportRowSchema = z.object({
  date: z.iso.datetime({ offset: true }),
  counterparty: z.string(),
  category: z.string(),
  categoryId: z.number().int().nullable(),
  direction: z.enum(["incoming", "outgoing"]),
  /** Issue 43: null when none of the flow's transfers has a USD price (an empty cell, never 0). */
  amountUsd: z.number().nullable(),
  /** Issue 39 (ours, additive): the counterparty's address, and its name by `counterpartyNameOf`. */
  counterpartyAddress: z.string().optional(),
  counterpartyName: counterpartyNameSchema.nullable().optional(),
});
export type TriageReportRow = z.infer<typeof triageReportRowSchema>;

/**
 * Issue 39: the report's Counterparty cell. Its 8 columns (002 §9) leave no room for a kind column,
 * so a named counterparty reads as the trace's paths do, its kind beside its name ("Binance
 * (entity)", "Hot wallet (label · labels.csv)"), and the address follows so two addresses of one
 * owner stay apart; an unnamed one is its address.
 */
export function triageReportCounterpartyText(row: TriageReportRow): string {
  const name = row.counterpartyName;
  if (!name) return row.counterparty;
  const text = counterpartyNameText(name);
  return row.counterpartyAddress ? `${text} ${row.counterpartyAddress}` : text;
}

/**
 * 002 §9: the report's 8 columns. Chain and address repeat on every row so reports of several
 * addresses can be concatenated.
 */
export function triageReportColumns(
  subject: { chain: string; address: string },
  locale: Locale,
): CsvColumn<TriageReportRow>[] {
  return [
    { header: "Date", value: (row) => formatTriageReportDate(row.date, locale) },
    { header: "Chain", value: () => subject.chain },
    { header: "Address", value: () => subject.address },
    { header: "Counterparty", value: triageReportCounterpartyText },
    { header: "Category", value: (row) => row.category },
    { header: "Direction", value: (row) => row.direction },
    {
      header: "Amount (USD)",
      value: (row) => (row.amountUsd === null ? "" : roundFlowAmount(row.amountUsd)),
    },
    { header: "Lead", value: (row) => (row.categoryId === leadCategoryId ? "Yes" : "No") },
  ];
}

/** 002 §9: the triage CSV report, written by the shared CSV writer (formula injection neutralised). */
export async function triageReportCsv(
  subject: { chain: string; address: string },
  rows: readonly TriageReportRow[],
  language: TriageReportLanguage = "en",
): Promise<string> {
  return toCsv(rows, triageReportColumns(subject, await loadTriageReportLocale(language)));
}

/**
 * 002 §9: the report is named by chain and address, e.g. "ethereum_0xab….csv". Characters a file system
 * may refuse (CashAddr's colon, for one) become underscores.
 */
export function triageReportFileName(chain: string, address: string): string {
  return `${chain}_${address}`.replace(/[^A-Za-z0-9._-]/g, "_").concat(".csv");
}
