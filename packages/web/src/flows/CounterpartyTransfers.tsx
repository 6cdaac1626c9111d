import {
  type CounterpartyRow,
  chainById,
  counterpartyFieldOf,
  counterpartyRowName,
  displayAddress,
  formatBalance,
  pageSizes,
  parseUrn,
  subjectFieldsFor,
  transferMessages,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { sleuthClient } from "../session/sleuthClient.ts";
import {
  AmountCell,
  CounterpartyAddressCell,
  DirectionCell,
  HashCell,
  TimestampCell,
  UsdCell,
} from "../transfers/transferCells.tsx";
import type { Subject } from "../workspace/subjectPane.ts";

const minute = 60_000;

/** A counterparty in words: its name by the one rule (issue 39), else its address or URN. */
export function counterpartyText(row: CounterpartyRow): string {
  const name = counterpartyRowName(row);
  if (name) return name.name;
  const parts = parseUrn(row.counterpartyUrn);
  return parts?.kind === "address" ? displayAddress(parts.chain, parts.address) : row.counterpartyUrn;
}

/**
 * 000 §7 to-{kind}/transfers: the subject's transfers with one counterparty (the row it was opened
 * from), newest first, 001 §9's 30 a page along the server's cursor (`after`, the page's cursor).
 */
export function CounterpartyTransfers({
  subject,
  counterparty,
  after,
  onNextCursor,
}: {
  subject: Subject;
  counterparty: CounterpartyRow;
  after: string | undefined;
  onNextCursor: (cursor: string | null) => void;
}) {
  const kind = counterparty.counterpartyType;
  const query = useQuery({
    queryKey: ["flows", "counterparty-transfers", subject.urn, counterparty.counterpartyUrn, after],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flows.counterpartyTransfers(
        subject.kind,
        kind,
        {
          ...subjectFieldsFor(subject.kind, subject.urn),
          [counterpartyFieldOf[kind]]: counterparty.counterpartyUrn,
          pageSize: pageSizes.transfers,
          ...(after ? { after } : {}),
        },
        { signal },
      ),
    staleTime: minute,
  });
  const nextCursor = query.data?.nextCursor ?? null;
  useEffect(() => onNextCursor(nextCursor), [nextCursor, onNextCursor]);
  const title = `Transfers with ${counterpartyText(counterparty)}`;
  return (
    <DataPanel title={title} query={query}>
      {(page) =>
        page.rows.length === 0 ? (
          <div className="sleuth-pane-empty" data-testid="counterparty-transfers-empty">
            <p>{transferMessages.empty}</p>
          </div>
        ) : (
          <table className="sleuth-flow-table" data-testid="counterparty-transfers-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Transaction</th>
                <th scope="col">Counterparty address</th>
                <th scope="col">Direction</th>
                <th scope="col" className="sleuth-num">
                  Amount
                </th>
                <th scope="col">Asset</th>
                <th scope="col" className="sleuth-num">
                  USD
                </th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={`${row.transactionUrn}:${row.assetUrn}:${row.relevantAmountRaw}:${row.direction}`}>
                  <td>
                    <TimestampCell row={row} />
                  </td>
                  <td>
                    <HashCell row={row} />
                  </td>
                  <td>
                    <CounterpartyAddressCell row={row} />
                  </td>
                  <td>
                    <DirectionCell row={row} />
                  </td>
                  <td className="sleuth-num">
                    <AmountCell value={row.relevantAmountRaw} />
                  </td>
                  <td>{row.asset}</td>
                  <td className="sleuth-num">
                    <UsdCell row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </DataPanel>
  );
}

/**
 * 000 §7 chain assets by counterparty (`…/chain-assets/{type}/by-counterparty-{kind}/info`): each
 * chain and asset the subject moved with this counterparty, in native units (001 §9's 8 decimals)
 * and its transfer count, most transfers first.
 */
export function CounterpartyChainAssets({
  subject,
  counterparty,
}: {
  subject: Subject;
  counterparty: CounterpartyRow;
}) {
  const kind = counterparty.counterpartyType;
  const query = useQuery({
    queryKey: ["flows", "counterparty-chain-assets", subject.urn, counterparty.counterpartyUrn],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flows.chainAssets(
        subject.kind,
        kind,
        {
          ...subjectFieldsFor(subject.kind, subject.urn),
          [counterpartyFieldOf[kind]]: counterparty.counterpartyUrn,
        },
        { signal },
      ),
    staleTime: minute,
  });
  const title = `Chains and assets with ${counterpartyText(counterparty)}`;
  return (
    <DataPanel title={title} query={query}>
      {(rows) =>
        rows.length === 0 ? (
          <div className="sleuth-pane-empty">
            <p>{transferMessages.empty}</p>
          </div>
        ) : (
          <table className="sleuth-flow-table" data-testid="counterparty-chain-assets">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Chain</th>
                <th scope="col">Asset</th>
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
                  <td>{chainById(row.chain)?.name ?? row.chain}</td>
                  <td>{row.asset}</td>
                  <td className="sleuth-num">{formatBalance(row.incomingVolumeRaw)}</td>
                  <td className="sleuth-num">{formatBalance(row.outgoingVolumeRaw)}</td>
                  <td className="sleuth-num">{row.transfers.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </DataPanel>
  );
}
