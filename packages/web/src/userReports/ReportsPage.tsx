import { useStore } from "@nanostores/react";
import { Button, Heading, Spinner } from "@primer/react";
import { formatUtc, platformMessages, roleAtLeast, userReportMessages, userReportTitles } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { actionQueries } from "../actions/actionQueries.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";

/** The organization's user reports (000 §7), for its admins. */
export function ReportsPage() {
  const view = useStore($signedIn);
  const isAdmin = roleAtLeast(view?.role, "admin");
  const reports = useQuery({ ...actionQueries.reports(), enabled: isAdmin });
  return (
    <div className="sleuth-page" data-testid="reports-page">
      <Heading as="h1" className="sleuth-page-title">
        Reports sent by {view?.organization.name}
      </Heading>
      {!isAdmin ? (
        <p className="sleuth-muted">Only the organization's admins see its reports.</p>
      ) : reports.isPending ? (
        <Spinner size="small" srText="Loading reports" />
      ) : reports.isError ? (
        <div role="alert" className="sleuth-panel-error">
          <p>{platformMessages.genericPanel}</p>
          <Button size="small" onClick={() => void reports.refetch()}>
            Retry
          </Button>
        </div>
      ) : reports.data.reports.length === 0 ? (
        <p className="sleuth-muted">{userReportMessages.noReports}</p>
      ) : (
        <ConfigurableTable
          table="reports"
          className="sleuth-table"
          aria-label="Reports"
          rows={reports.data.reports}
          rowKey={(report) => String(report.id)}
          cells={{
            sent: (report) => formatUtc(report.createdAt),
            kind: (report) => userReportTitles[report.kind],
            by: (report) => report.user?.fullName ?? report.user?.email ?? "—",
            details: (report) => (
              <span className="sleuth-report-payload">
                {Object.entries(report.payload)
                  .map(
                    ([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
                  )
                  .join(" · ")}
              </span>
            ),
          }}
        />
      )}
    </div>
  );
}
