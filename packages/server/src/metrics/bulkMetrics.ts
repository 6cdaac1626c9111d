import type {
  AddressMetrics,
  AddressRiskInfo,
  CustomEntityMetrics,
  EntityMetrics,
  EntityRiskScore,
} from "@sleuth/sdk";
import type { Queryable } from "../store/index.ts";
import { addressSummaryOf } from "./addressSummary.ts";
import { customEntitySummaries } from "./customEntitySummaries.ts";
import { addressRiskSummaries, entityRiskSummaries } from "./riskInfo.ts";
import { resolveCustomEntities, resolveEntities } from "./subjects.ts";
import { groupSummaries, type SummaryParts } from "./summaries.ts";
import { summaryRowsOfUrns } from "./summaryRows.ts";

// The 000 §7 bulk calls. Each answers one item per known URN, in request order, echoing the URN
// as sent; unknown URNs (and another organization's custom entities) are left out.

/**
 * One query for the whole batch: each address's address_summary rows (the 000 §3 mini summary
 * ready-made by refreshRollups) probed once, and remembered for the risk and attribution calls that
 * follow it (summaryRows.ts).
 */
export async function addressMetrics(
  db: Queryable,
  urns: readonly string[],
  parts: SummaryParts,
): Promise<AddressMetrics[]> {
  const found = await summaryRowsOfUrns(db, urns, { recall: false });
  return found.map(({ urn, row }) => ({ addressChainUrn: urn, ...addressSummaryOf(row, parts) }));
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
): Promise<CustomEntityMetrics[]> {
  const subjects = await resolveCustomEntities(db, urns, organizationId);
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

export async function addressRiskInfo(db: Queryable, urns: readonly string[]): Promise<AddressRiskInfo[]> {
  const summaries = await addressRiskSummaries(db, urns);
  return summaries.map(({ urn, summary }) => ({ addressChainUrn: urn, ...summary }));
}

export async function entityRiskScores(db: Queryable, urns: readonly string[]): Promise<EntityRiskScore[]> {
  const subjects = await resolveEntities(db, urns);
  const summaries = await entityRiskSummaries(
    db,
    subjects.map((subject) => subject.id),
  );
  return subjects.map((subject) => ({ entityUrn: subject.urn, ...summaries.get(subject.id)! }));
}
