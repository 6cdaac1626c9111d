import type { StatusReport, StatusReportRequest } from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

/**
 * 000 §4 request information: POST /user-report/status-report stores the query and optional details
 * per user and organization (user_reports, kind 'status-report') for the team that answers them.
 */
export async function saveStatusReport(
  db: Queryable,
  report: { userId: number; organizationId: number; request: StatusReportRequest },
): Promise<StatusReport> {
  const [row] = await db.query<{ id: string | number; created_at: Date | string }>(
    `INSERT INTO user_reports (user_id, organization_id, kind, payload)
     VALUES ($1, $2, 'status-report', $3::jsonb) RETURNING id, created_at`,
    [report.userId, report.organizationId, JSON.stringify(report.request)],
  );
  return {
    id: Number(row!.id),
    query: report.request.query,
    details: report.request.details ?? null,
    createdAt: toIso(row!.created_at),
  };
}
