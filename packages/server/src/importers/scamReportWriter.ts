import type { Queryable } from "../store/store.ts";
import type { BatchOutcome } from "./ledgerWriter.ts";
import type { ScamReportRecord } from "./scamReports.ts";

/** Scam reports keyed by (source, source id): a report already imported is left as it is. */
export async function writeScamReports(
  tx: Queryable,
  source: string,
  records: readonly ScamReportRecord[],
): Promise<BatchOutcome> {
  const bySourceId = new Map<string, ScamReportRecord>();
  for (const record of records) if (!bySourceId.has(record.sourceId)) bySourceId.set(record.sourceId, record);
  const rows = [...bySourceId.values()];
  if (rows.length === 0) return { inserted: 0, unchanged: records.length, skipped: [] };
  const written = await tx.query<{ id: number; source_id: string }>(
    `INSERT INTO scam_reports (scam_category, description, created_at, checked, trusted, reported_by, source, source_id)
     SELECT scam_category, description, coalesce(created_at, now()), checked, trusted, reported_by, $1, source_id
     FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::boolean[], $6::boolean[], $7::text[], $8::text[])
       AS r(scam_category, description, created_at, checked, trusted, reported_by, source_id)
     ON CONFLICT (source, source_id) DO NOTHING
     RETURNING id, source_id`,
    [
      source,
      rows.map((row) => row.scamCategory),
      rows.map((row) => row.description),
      rows.map((row) => row.createdAt),
      rows.map((row) => row.checked),
      rows.map((row) => row.trusted),
      rows.map((row) => row.reportedBy),
      rows.map((row) => row.sourceId),
    ],
  );
  const addresses = written.flatMap((report) =>
    (bySourceId.get(report.source_id)?.addresses ?? []).map((address) => ({
      reportId: Number(report.id),
      ...address,
    })),
  );
  if (addresses.length > 0) {
    await tx.query(
      `INSERT INTO scam_report_addresses (report_id, chain, address, domain)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])`,
      [
        addresses.map((row) => row.reportId),
        addresses.map((row) => row.chain),
        addresses.map((row) => row.address),
        addresses.map((row) => row.domain),
      ],
    );
  }
  return { inserted: written.length, unchanged: records.length - written.length, skipped: [] };
}
