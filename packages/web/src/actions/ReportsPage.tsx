import { useStore } from "@nanostores/react";
import { Button, Heading, Spinner } from "@primer/react";
import { formatUtc, platformMessages, roleAtLeast, userReportMessages, userReportTitles } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { $signedIn } from "../session/index.ts";
import { actionQueries } from "./actionQueries.ts";

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
        <table className="sleuth-table" aria-label="Reports">
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Kind</th>
              <th scope="col">By</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {reports.data.reports.map((report) => (
              <tr key={report.id}>
                <td>{formatUtc(report.createdAt)}</td>
                <td>{userReportTitles[report.kind]}</td>
                <td>{report.user?.fullName ?? report.user?.email ?? "—"}</td>
                <td className="sleuth-report-payload">
                  {Object.entries(report.payload)
                    .map(
                      ([key, value]) =>
                        `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
                    )
                    .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
