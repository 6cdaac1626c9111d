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
import type { Subject } from "../workspace/index.ts";
import { flowQueries } from "./flowQueries.ts";
import { useRowKeys } from "./useRowKeys.ts";

const group = "Holdings";

function HoldingsTable({ rows }: { rows: readonly AssetHolding[] }) {
  return (
    <table className="sleuth-flow-table" data-testid="holdings-table">
      <thead>
        <tr>
          <th scope="col">Asset</th>
          <th scope="col" className="sleuth-num">
            Balance
          </th>
          <th scope="col" className="sleuth-num">
            USD
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.assetUrn}>
            <td>
              <span tabIndex={-1} data-row-link="">
                {row.assetDisplayName} <span className="sleuth-muted">{row.assetInternalName}</span>
              </span>
            </td>
            <td className="sleuth-num">{formatBalance(row.balanceAmountRaw)}</td>
            <td className="sleuth-num">{formatFlowUsd(row.balanceAmountUsd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AssetMetricsTable({ rows }: { rows: readonly AssetMetrics[] }) {
  return (
    <table className="sleuth-flow-table" data-testid="holdings-table">
      <thead>
        <tr>
          <th scope="col">Asset</th>
          <th scope="col" className="sleuth-num">
            Balance
          </th>
          <th scope="col" className="sleuth-num">
            Balance USD
          </th>
          <th scope="col" className="sleuth-num">
            Received
          </th>
          <th scope="col" className="sleuth-num">
            Sent
          </th>
          <th scope="col" className="sleuth-num">
            Transfers
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.assetUrn}>
            <td>
              <span tabIndex={-1} data-row-link="">
                {row.asset} <span className="sleuth-muted">{row.chain}</span>
              </span>
            </td>
            <td className="sleuth-num">{formatBalance(row.balanceAmountRaw)}</td>
            <td className="sleuth-num">{formatFlowUsd(row.balanceAmountUsd)}</td>
            <td className="sleuth-num">{formatFlowUsd(row.incomingVolumeUsd)}</td>
            <td className="sleuth-num">{formatFlowUsd(row.outgoingVolumeUsd)}</td>
            <td className="sleuth-num">
              {(row.incomingTransfers + row.outgoingTransfers).toLocaleString("en-US")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
