import "./flows.css";
import {
  type AssetHolding,
  type AssetMetrics,
  flowMessages,
  formatBalance,
  formatFlowUsd,
  uniqueTokensLabel,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { flowQueries } from "./flowQueries.ts";
import { useRowKeys } from "./useRowKeys.ts";

const group = "Holdings";

function HoldingsTable({ rows }: { rows: readonly AssetHolding[] }) {
  return (
    <ConfigurableTable
      table="holdings"
      className="sleuth-flow-table"
      data-testid="holdings-table"
      rows={rows}
      rowKey={(row) => row.assetUrn}
      cells={{
        asset: (row) => (
          <span tabIndex={-1} data-row-link="">
            {row.assetDisplayName} <span className="sleuth-muted">{row.assetInternalName}</span>
          </span>
        ),
        balance: (row) => formatBalance(row.balanceAmountRaw),
        usd: (row) => formatFlowUsd(row.balanceAmountUsd),
      }}
    />
  );
}

function AssetMetricsTable({ rows }: { rows: readonly AssetMetrics[] }) {
  return (
    <ConfigurableTable
      table="assetMetrics"
      className="sleuth-flow-table"
      data-testid="holdings-table"
      rows={rows}
      rowKey={(row) => row.assetUrn}
      cells={{
        asset: (row) => (
          <span tabIndex={-1} data-row-link="">
            {row.asset} <span className="sleuth-muted">{row.chain}</span>
          </span>
        ),
        balance: (row) => formatBalance(row.balanceAmountRaw),
        balanceUsd: (row) => formatFlowUsd(row.balanceAmountUsd),
        received: (row) => formatFlowUsd(row.incomingVolumeUsd),
        sent: (row) => formatFlowUsd(row.outgoingVolumeUsd),
        transfers: (row) => (row.incomingTransfers + row.outgoingTransfers).toLocaleString("en-US"),
      }}
    />
  );
}

/** 001 §3 / 002 §3 asset holdings of an address (balances to 8 decimals, 001 §9). */
function AddressHoldings({ urn }: { urn: string }) {
  const query = useQuery(flowQueries.addressHoldings(urn));
  return (
    <DataPanel title="Holdings" query={query}>
      {(rows) =>
        rows.length === 0 ? (
          <p className="sleuth-pane-empty">{flowMessages.noHoldings}</p>
        ) : (
          <>
            <p className="sleuth-muted">{uniqueTokensLabel(rows.length)} tokens held</p>
            <HoldingsTable rows={rows} />
          </>
        )
      }
    </DataPanel>
  );
}

/** An entity's or custom entity's per-asset metrics (000 §7 by-asset summary). */
function SubjectAssets({ subject }: { subject: Subject }) {
  const query = useQuery(flowQueries.assetMetrics(subject.kind, subject.urn));
  return (
    <DataPanel title="Holdings" query={query}>
      {(rows) =>
        rows.length === 0 ? (
          <p className="sleuth-pane-empty">{flowMessages.noHoldings}</p>
        ) : (
          <>
            <p className="sleuth-muted">{uniqueTokensLabel(rows.length)} tokens moved</p>
            <AssetMetricsTable rows={rows} />
          </>
        )
      }
    </DataPanel>
  );
}

export function HoldingsPane({ subject }: { subject: Subject }) {
  useRowKeys(group);
  return subject.kind === "address" ? (
    <AddressHoldings urn={subject.urn} />
  ) : (
    <SubjectAssets subject={subject} />
  );
}
