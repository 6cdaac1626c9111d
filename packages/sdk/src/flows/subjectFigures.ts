import type { SleuthClient } from "../client/sleuthClient.ts";
import { formatUtc, utcDatePattern } from "../format/dates.ts";
import { missingValueText } from "../format/numbers.ts";
import { usdFloorText, usdText } from "../format/usdAmount.ts";
import type { FlowValueType } from "./flowSubject.ts";
import type { FlowSummaryItem } from "./flowSummary.ts";
import type { SubjectStatistics } from "./holdings.ts";

/** One subject of a list (search results, a multi-search, a CLI query) whose figures are wanted. */
export interface FiguresSubject {
  valueType: FlowValueType;
  urn: string;
}

/** What the bulk calls answered about one subject; null where the store knows nothing of it. */
export interface SubjectFigures {
  flowSummary: Omit<FlowSummaryItem, "urn"> | null;
  statistics: Omit<SubjectStatistics, "urn"> | null;
}

/** Every subject's figures by URN, and whether a batch of either call failed (the rest still count). */
export interface BulkFigures {
  figures: Map<string, SubjectFigures>;
  failed: boolean;
}

/**
 * 000 §7 "Flows" and "Metrics and observations": the flow summary (`…/flows/{type}/summary/bulk`)
 * and statistics (`…/statistics/{type}/summary/bulk`) of many subjects at once, one pair of bulk
 * calls per value type, in the spec's batch sizes, so a list of results costs a few requests rather
 * than two per row. A subject the store does not know gets nulls; a failed batch leaves its subjects
 * with nulls and sets `failed`.
 */
export async function bulkSubjectFigures(
  client: Pick<SleuthClient, "flows" | "holdings">,
  subjects: readonly FiguresSubject[],
  options: { signal?: AbortSignal } = {},
): Promise<BulkFigures> {
  const byType = new Map<FlowValueType, string[]>();
  for (const { valueType, urn } of subjects) {
    const urns = byType.get(valueType) ?? [];
    if (!urns.includes(urn)) urns.push(urn);
    byType.set(valueType, urns);
  }
  const figures = new Map<string, SubjectFigures>(
    subjects.map(({ urn }) => [urn, { flowSummary: null, statistics: null }]),
  );
  let failed = false;
  await Promise.all(
    [...byType].map(async ([valueType, urns]) => {
      const [flows, statistics] = await Promise.all([
        client.flows.summaryBulk(valueType, urns, {}, options),
        client.holdings.statisticsBulk(valueType, urns, options),
      ]);
      if (!flows.success || !statistics.success) failed = true;
      for (const { urn, ...summary } of flows.data) {
        const entry = figures.get(urn);
        if (entry) entry.flowSummary = summary;
      }
      for (const { urn, ...stats } of statistics.data) {
        const entry = figures.get(urn);
        if (entry) entry.statistics = stats;
      }
    }),
  );
  return { figures, failed };
}

/** The text of the figures' cells: received, sent (floors when some value had no price), active. */
export interface FiguresText {
  received: string;
  sent: string;
  /** First to last active day, UTC. */
  active: string;
}

/**
 * How a subject's figures read in a results row or a CLI table: USD received and sent (002 §9, with
 * "at least" when some transfers had no price, issue 43) and the active days.
 */
export function subjectFiguresText(figures: SubjectFigures | null | undefined): FiguresText {
  const summary = figures?.flowSummary ?? null;
  const stats = figures?.statistics ?? null;
  const unpriced = summary?.isUsdPartial ? (summary.unpricedTransfers ?? 1) : 0;
  // Nothing moved that way: nothing, not an unknown; a side with transfers may lack a price.
  const side = (usd: number | null | undefined, transfers: number | undefined) =>
    summary === null || transfers === undefined
      ? missingValueText
      : transfers === 0
        ? usdText(0)
        : usdFloorText(usd, unpriced);
  const day = (value: string | null) => (value ? formatUtc(value, utcDatePattern) : null);
  const first = day(stats?.firstActiveDate ?? null);
  const last = day(stats?.lastActiveDate ?? null);
  return {
    received: side(summary?.incomingVolumeUsd, summary?.incomingTransfers),
    sent: side(summary?.outgoingVolumeUsd, summary?.outgoingTransfers),
    active: first && last ? (first === last ? first : `${first} – ${last}`) : missingValueText,
  };
}
