import "./flows.css";
import { Button, Dialog } from "@primer/react";
import {
  type CategoryAddressRow,
  type CategoryTransferRow,
  detailsTableRows,
  displayAddress,
  flowMessages,
  formatBalance,
  formatFlowUsd,
  formatPercentage,
  formatUtc,
  maxCategoryRiskScoreLevel,
  parseUrn,
  type RiskIndicatorRow,
  type RiskRowFilters,
  rangeOnlyOperators,
  riskLabelOf,
  riskVolumeText,
  transactionUrn,
  utcDatePattern,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { DownloadCsvButton } from "../downloads/DownloadCsvButton.tsx";
import type { DownloadTarget } from "../downloads/downloadStore.ts";
import { useDownloadCommand } from "../downloads/useDownloadCommands.ts";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { CategoryRiskBadge } from "../explorer/RiskBadge.tsx";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";
import { HeaderFilterBar, type HeaderFilterField, useHeaderFilters } from "../tables/HeaderFilterBar.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { riskDetailsDownload, riskIndicatorsDownload } from "./flowDownloads.ts";
import { flowQueries } from "./flowQueries.ts";
import { SubjectLink } from "./SubjectLink.tsx";
import { useRowKeys } from "./useRowKeys.ts";

const group = "Risk";
const riskTypeNames = {
  behavioral: "Behavioral",
  counterparty: "Counterparty",
  indirect: "Indirect",
  ownership: "Ownership",
};

function TransfersTable({ rows }: { rows: readonly CategoryTransferRow[] }) {
  return (
    <table className="sleuth-flow-table" data-testid="risk-details-transfers">
      <caption>Related transfers</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Transaction</th>
          <th scope="col">Counterparty</th>
          <th scope="col" className="sleuth-num">
            Amount
          </th>
          <th scope="col" className="sleuth-num">
            USD
          </th>
        </tr>
      </thead>
      <tbody>
        {detailsTableRows(rows).map((row) => (
          <tr key={`${row.txHash}-${row.relevantAmountRaw}-${row.asset}`}>
            <td>{formatUtc(row.txTimestamp, utcDatePattern)}</td>
            <td>
              <SubjectLink
                urn={transactionUrn(row.chain, row.txHash)}
              >{`${row.txHash.slice(0, 10)}…`}</SubjectLink>
            </td>
            <td>{row.counterpartyEntities.map((entity) => entity.entity).join(", ") || "—"}</td>
            <td className="sleuth-num">
              {formatBalance(row.relevantAmountRaw)} {row.asset}
            </td>
            <td className="sleuth-num">{formatFlowUsd(row.relevantAmountUsd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AddressesTable({ rows }: { rows: readonly CategoryAddressRow[] }) {
  return (
    <table className="sleuth-flow-table" data-testid="risk-details-addresses">
      <caption>Relevant addresses</caption>
      <thead>
        <tr>
          <th scope="col">Address</th>
          <th scope="col">Labels</th>
          <th scope="col" className="sleuth-num">
            Total volume
          </th>
          <th scope="col">Last active</th>
        </tr>
      </thead>
      <tbody>
        {detailsTableRows(rows).map((row) => {
          const parts = parseUrn(row.addressChainUrn);
          return (
            <tr key={row.addressChainUrn}>
              <td>
                <SubjectLink urn={row.addressChainUrn}>
                  {parts?.kind === "address"
                    ? displayAddress(parts.chain, parts.address)
                    : row.addressChainUrn}
                </SubjectLink>
              </td>
              <td>{row.addressLabelsMini.join(", ") || "—"}</td>
              <td className="sleuth-num">{formatFlowUsd(row.totalVolumeUsd)}</td>
              <td>{row.lastActiveDate ? formatUtc(row.lastActiveDate, utcDatePattern) : "—"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * 001 §2: the sidebar shows at most 15 rows; its download holds the whole table behind them (none
 * when the indicator has no details).
 */
function sidebarDownload(subject: Subject, indicator: RiskIndicatorRow): DownloadTarget | null {
  return indicator.details.rows.length > 0 ? riskDetailsDownload(subject, indicator) : null;
}

/** 001 §2 risk-indicator sidebar: severity, category and risk type, then its table of at most 15. */
function RiskIndicatorSidebar({
  subject,
  indicator,
  onClose,
}: {
  subject: Subject;
  indicator: RiskIndicatorRow;
  onClose: () => void;
}) {
  const severity = riskLabelOf(indicator.categoryRiskScoreLevel) ?? "No risk";
  const download = sidebarDownload(subject, indicator);
  return (
    <Dialog
      title={indicator.category}
      subtitle={`${severity} · ${riskTypeNames[indicator.riskType]} risk`}
      position="right"
      className="sleuth-risk-sidebar"
      onClose={onClose}
      width="xlarge"
    >
      <dl className="sleuth-details" data-testid="risk-sidebar">
        <dt>Severity</dt>
        <dd>
          <CategoryRiskBadge categoryRiskScoreLevel={indicator.categoryRiskScoreLevel} />
        </dd>
        <dt>Category</dt>
        <dd>{indicator.category}</dd>
        <dt>Risk type</dt>
        <dd>{riskTypeNames[indicator.riskType]}</dd>
        <dt>Volume</dt>
        <dd>
          {riskVolumeText(indicator, "total")} ({formatPercentage(indicator.totalPercentage)})
        </dd>
      </dl>
      {download ? (
        <div className="sleuth-pane-actions">
          <DownloadCsvButton target={download} beforeOpen={onClose} />
        </div>
      ) : null}
      {indicator.details.rows.length === 0 ? (
        <p className="sleuth-pane-empty">{flowMessages.noDetails}</p>
      ) : indicator.details.kind === "transfers" ? (
        <TransfersTable rows={indicator.details.rows} />
      ) : (
        <AddressesTable rows={indicator.details.rows} />
      )}
    </Dialog>
  );
}

/** 000 §5 header filters of the named columns (the SDK's riskRowFiltersSchema). */
const headerFilterFields: readonly HeaderFilterField<RiskRowFilters>[] = [
  {
    kind: "number",
    key: "categoryRiskScoreLevel",
    label: `Risk level (0–${maxCategoryRiskScoreLevel})`,
    testId: "risk-level-filter",
  },
  { kind: "number", key: "instances", label: "Instances", testId: "risk-instances-filter" },
  {
    kind: "number",
    key: "totalVolumeUsd",
    label: "Total USD",
    testId: "risk-volume-filter",
    operators: rangeOnlyOperators,
  },
];

/**
 * The subject's 001 §3 risk rows, riskiest first; Enter on one opens its sidebar (001 §2). The
 * palette's "Open risk indicator…" lists them by name.
 */
export function RiskPane({ subject }: { subject: Subject }) {
  const header = useHeaderFilters<RiskRowFilters>(() => undefined);
  const query = useQuery(
    flowQueries.riskIndicators(subject.kind, subject.urn, header.active ? header.filters : undefined),
  );
  const [open, setOpen] = useState<RiskIndicatorRow | null>(null);
  const filterBox = useRef<HTMLDivElement>(null);
  const rows = query.data ?? [];
  const filters = header.active ? header.filters : undefined;
  // One Download CSV command: the open sidebar's table (the sidebar closes first so the modal has
  // the focus), else the pane's own rows under its filters.
  const download = riskIndicatorsDownload(subject, filters);
  const close = () => setOpen(null);
  useDownloadCommand(open ? sidebarDownload(subject, open) : download, open ? close : undefined);
  useRowKeys(group);
  useCommands([
    {
      id: "flows.risk.open",
      title: "Open risk indicator…",
      group,
      keys: "r",
      page: {
        placeholder: "Risk indicator",
        useItems: () =>
          rows.map((row) => ({
            id: `${row.riskType}-${row.categoryId}`,
            title: `${row.category} (${riskTypeNames[row.riskType]})`,
            description: riskLabelOf(row.categoryRiskScoreLevel) ?? undefined,
            run: () => setOpen(row),
          })),
      },
    },
    {
      id: "flows.risk.filter",
      title: "Filter risk indicators…",
      group,
      keys: "f",
      keywords: ["level", "instances", "volume"],
      // The level box; Tab reaches the instances and volume filters.
      run: () => filterBox.current?.querySelector<HTMLInputElement>("input")?.focus(),
    },
    { id: "flows.risk.reset", title: "Reset filters", group, keys: "x", run: header.reset },
  ]);
  return (
    <>
      <div className="sleuth-pane-toolbar" ref={filterBox}>
        <HeaderFilterBar fields={headerFilterFields} filters={header.filters} setFilter={header.setFilter}>
          <DownloadCsvButton target={download} />
        </HeaderFilterBar>
      </div>
      <DataPanel title="Risk indicators" query={query} failedMessage={flowMessages.riskIndicatorsFailed}>
        {(data) =>
          data.length === 0 ? (
            header.active ? (
              <div className="sleuth-pane-empty" data-testid="risk-empty">
                <p>{flowMessages.noRiskIndicatorsFiltered}</p>
                <Button size="small" onClick={header.reset}>
                  Reset filters
                </Button>
              </div>
            ) : (
              <p className="sleuth-pane-empty">{flowMessages.noRiskIndicators}</p>
            )
          ) : (
            <>
              <ConfigurableTable
                table="riskIndicators"
                className="sleuth-flow-table"
                data-testid="risk-table"
                rows={data}
                rowKey={(row) => `${row.riskType}-${row.categoryId}`}
                cells={{
                  category: (row) => (
                    <button
                      type="button"
                      className="sleuth-row-button"
                      data-row-link=""
                      onClick={() => setOpen(row)}
                    >
                      {row.category}
                    </button>
                  ),
                  severity: (row) => (
                    <CategoryRiskBadge categoryRiskScoreLevel={row.categoryRiskScoreLevel} />
                  ),
                  riskType: (row) => riskTypeNames[row.riskType],
                  instances: (row) => row.instances.toLocaleString("en-US"),
                  // Issue 43: with unpriced transfers a volume is a lower bound, or unknown.
                  received: (row) =>
                    `${riskVolumeText(row, "incoming")} (${formatPercentage(row.incomingPercentage)})`,
                  sent: (row) =>
                    `${riskVolumeText(row, "outgoing")} (${formatPercentage(row.outgoingPercentage)})`,
                  share: (row) => formatPercentage(row.totalPercentage),
                  latest: (row) =>
                    row.maxTransactionDate ? formatUtc(row.maxTransactionDate, utcDatePattern) : "—",
                }}
              />
              {open ? <RiskIndicatorSidebar subject={subject} indicator={open} onClose={close} /> : null}
            </>
          )
        }
      </DataPanel>
    </>
  );
}
