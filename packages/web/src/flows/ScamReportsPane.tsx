import "./flows.css";
import {
  formatUtc,
  type ScamReport,
  scamCategoryLabel,
  scamReportMessages,
  scamReportPreview,
  utcDatePattern,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { DataPanel } from "../explorer/DataPanel.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { flowQueries } from "./flowQueries.ts";
import { useRowKeys } from "./useRowKeys.ts";

const group = "Scam reports";

function ReportItem({ report }: { report: ScamReport }) {
  const preview = scamReportPreview(report);
  return (
    <details className="sleuth-scam-report" data-testid="scam-report">
      <summary data-row-link="">
        <strong>{scamCategoryLabel(report.scamCategory)}</strong> ·{" "}
        {formatUtc(report.createdAt, utcDatePattern)} · by {report.reportedBy.username}
        {report.trusted ? " · trusted" : ""}
        {report.checked ? " · checked" : ""}
      </summary>
      <p>{preview.description}</p>
      <ul>
        {preview.addresses.map((entry) => (
          <li key={`${entry.chain}:${entry.address}:${entry.domain}`} className="sleuth-mono">
            {entry.address}
            {entry.chain ? ` (${entry.chain})` : ""}
            {entry.domain ? ` · ${entry.domain}` : ""}
          </li>
        ))}
      </ul>
      {preview.moreAddressCount > 0 ? (
        <p className="sleuth-muted">and {preview.moreAddressCount} more addresses</p>
      ) : null}
    </details>
  );
}

/**
 * 001 §2 scam reports collapsible section: each report opens with Enter (its summary); the preview
 * shows 3 addresses and 200 characters of the description; none found shows the no-fraud note.
 */
export function ScamReportsPane({ subject }: { subject: Subject }) {
  const query = useQuery(flowQueries.scamReports(subject.urn));
  useRowKeys(group);
  return (
    <DataPanel title="Scam reports" query={query} failedMessage={scamReportMessages.loadFailed}>
      {(reports) =>
        reports.length === 0 ? (
          <p className="sleuth-pane-empty">{scamReportMessages.noneFound}</p>
        ) : (
          <div data-testid="scam-reports">
            {reports.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </div>
        )
      }
    </DataPanel>
  );
}
