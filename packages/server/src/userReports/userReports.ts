import type { UserReportKind, UserReportRecord } from "@sleuth/sdk";
import { jsonValue, type PersonColumns, personJson, personOf } from "../accounts/people.ts";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

interface ReportRow {
  id: string | number;
  kind: UserReportKind;
  payload: unknown;
  created_at: Date | string;
  author: PersonColumns | null;
}

const reportSelect = `SELECT r.id, r.kind, r.payload, r.created_at,
    CASE WHEN u.id IS NULL THEN NULL ELSE ${personJson("u")} END AS author
  FROM user_reports r LEFT JOIN users u ON u.id = r.user_id`;

function toReport(row: ReportRow): UserReportRecord {
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: jsonValue<Record<string, unknown>>(row.payload, {}),
    createdAt: toIso(row.created_at),
    user: personOf(jsonValue<PersonColumns | null>(row.author, null)),
  };
}

/** 000 §7 User reports: each POST under /user-report/ is kept per user and organization. */
export async function saveUserReport(
  db: Queryable,
  report: { userId: number; organizationId: number; kind: UserReportKind; payload: unknown },
): Promise<UserReportRecord> {
  const [created] = await db.query<{ id: string | number }>(
    `INSERT INTO user_reports (user_id, organization_id, kind, payload) VALUES ($1, $2, $3, $4::jsonb) RETURNING id`,
    [report.userId, report.organizationId, report.kind, JSON.stringify(report.payload)],
  );
  const [row] = await db.query<ReportRow>(`${reportSelect} WHERE r.id = $1`, [created!.id]);
  return toReport(row!);
}

/** The organization's reports, newest first (user_reports_organization_idx). */
export async function listUserReports(
  db: Queryable,
  query: { organizationId: number; kind?: UserReportKind; limit: number; offset: number },
): Promise<{ reports: UserReportRecord[]; count: number }> {
  const where = "r.organization_id = $1 AND ($2::text IS NULL OR r.kind = $2)";
  const params = [query.organizationId, query.kind ?? null];
  const rows = await db.query<ReportRow>(
    `${reportSelect} WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.offset],
  );
  const [counted] = await db.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM user_reports r WHERE ${where}`,
    params,
  );
  return { reports: rows.map(toReport), count: Number(counted?.count ?? 0) };
}
