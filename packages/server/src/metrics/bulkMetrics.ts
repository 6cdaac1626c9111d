import type { CustomEntityMetrics, EntityMetrics, EntityRiskScore } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { customEntitySummaries } from "./customEntitySummaries.ts";
import { groupSummaries, type SummaryParts } from "./memberSummaries.ts";
import { metricsItemJson, riskItemJson } from "./printedAnswers.ts";
import { summaryAnswersOfUrns } from "./rememberedAnswers.ts";
import { entityRiskSummaries } from "./riskInfo.ts";
import { resolveCustomEntities, resolveEntities } from "./subjects.ts";

// The 000 §7 bulk calls. Each answers one item per known URN, in request order, echoing the URN
// as sent; unknown URNs (and another organization's custom entities) are left out. The address
// calls answer JSON text, their items joined from the answers refreshRollups printed (see
// printedAnswers.ts); the others answer objects.

/**
 * One query for the whole batch: each address's address_summary row (its 000 §3 mini summary
 * printed by refreshRollups) probed once, and remembered for the risk and attribution calls that
 * follow it (rememberedAnswers.ts). The JSON array of the items.
 */
export async function addressMetrics(
  db: Queryable,
  urns: readonly string[],
  parts: SummaryParts,
): Promise<string> {
  const found = await summaryAnswersOfUrns(db, urns, { recall: false });
  return `[${found.map(({ urn, answers }) => metricsItemJson(urn, answers, parts)).join(",")}]`;
}

export async function entityMetrics(
  db: Queryable,
  urns: readonly string[],
  parts: SummaryParts,
): Promise<EntityMetrics[]> {
  const subjects = await resolveEntities(db, urns);
  const summaries = await groupSummaries(
    db,
    { addresses: [], entities: subjects.map((subject, group) => ({ group, entityId: subject.id })) },
    parts,
  );
  return subjects.map((subject, group) => ({ entityUrn: subject.urn, ...summaries.get(group)! }));
}

export async function customEntityMetrics(
  db: Queryable,
  urns: readonly string[],
  parts: SummaryParts,
  organizationId: number,
  userId?: number,
): Promise<CustomEntityMetrics[]> {
  const subjects = await resolveCustomEntities(db, urns, organizationId, userId);
  const summaries = await customEntitySummaries(
    db,
    subjects.map((subject) => subject.id),
    parts,
  );
  return subjects.map((subject) => ({
    customEntityUrn: subject.urn,
    ...(summaries.get(subject.id)?.summary ?? {
      addressCount: 0,
      firstActiveDate: null,
      lastActiveDate: null,
    }),
  }));
}

/**
 * 000 §7 risk-indicators mini-info of addresses (see addressRiskSummaryOf), most often from memory:
 * the batch's metrics call has just read their rows. The JSON array of the items.
 */
export async function addressRiskInfo(db: Queryable, urns: readonly string[]): Promise<string> {
  const found = await summaryAnswersOfUrns(db, urns);
  return `[${found.map(({ urn, answers }) => riskItemJson(urn, answers)).join(",")}]`;
}

export async function entityRiskScores(db: Queryable, urns: readonly string[]): Promise<EntityRiskScore[]> {
  const subjects = await resolveEntities(db, urns);
  const summaries = await entityRiskSummaries(
    db,
    subjects.map((subject) => subject.id),
  );
  return subjects.map((subject) => ({ entityUrn: subject.urn, ...summaries.get(subject.id)! }));
}
