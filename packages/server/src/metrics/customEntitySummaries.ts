import { type CustomEntityResult, customEntityUrn, displayName, type MetricsSummary } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { groupSummaries, type SummaryParts } from "./memberSummaries.ts";
import { customEntityMembers } from "./subjects.ts";

const allParts: SummaryParts = {
  includeAssetCount: true,
  includeVolumeMetrics: true,
  includeBalanceMetrics: true,
};

interface CustomEntityRow {
  id: number;
  uuid: string;
  name: string;
  email: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * 002 §3 custom entity results (and their 000 §3 metrics summaries) of custom entities by id: the
 * members' flows and balances added up (src/metrics/memberSummaries.ts), the creator's display name.
 */
export async function customEntitySummaries(
  db: Queryable,
  ids: readonly number[],
  parts: SummaryParts = allParts,
): Promise<Map<number, { result: CustomEntityResult; summary: MetricsSummary }>> {
  const answers = new Map<number, { result: CustomEntityResult; summary: MetricsSummary }>();
  if (ids.length === 0) return answers;
  const rows = await db.query<CustomEntityRow>(
    `SELECT ce.id, ce.uuid::text AS uuid, ce.name, u.email, u.full_name, u.first_name, u.last_name
     FROM custom_entities ce LEFT JOIN users u ON u.id = ce.created_by_user_id
     WHERE ce.id = ANY($1::int[])`,
    [ids],
  );
  const members = await customEntityMembers(db, ids);
  const summaries = await groupSummaries(
    db,
    {
      addresses: [...members].flatMap(([group, member]) =>
        member.addressIds.map((addressId) => ({ group, addressId })),
      ),
      entities: [...members].flatMap(([group, member]) =>
        member.entityIds.map((entityId) => ({ group, entityId })),
      ),
    },
    parts,
  );
  for (const row of rows) {
    const summary = summaries.get(row.id) ?? { addressCount: 0, firstActiveDate: null, lastActiveDate: null };
    answers.set(row.id, {
      summary,
      result: {
        entityUrn: customEntityUrn(row.uuid),
        name: row.name,
        createdByUser:
          row.email === null
            ? null
            : displayName({
                email: row.email,
                fullName: row.full_name,
                firstName: row.first_name,
                lastName: row.last_name,
              }),
        addressCount: summary.addressCount,
        totalTransfers: summary.totalTransfers ?? null,
        totalVolumeUsd: summary.totalVolumeUsd ?? null,
        firstActiveDate: summary.firstActiveDate,
        lastActiveDate: summary.lastActiveDate,
      },
    });
  }
  return answers;
}
