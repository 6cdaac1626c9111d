import { Heading, Link as PrimerLink, Text } from "@primer/react";
import {
  type ChainId,
  chainInfo,
  checkTriageTransactionRoute,
  formatUtc,
  readSearchInput,
  type TransactionRow,
  truncateSearchTitle,
  usdText,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { Link, Redirect } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { transactionPath } from "../navigation/routePaths.ts";
import { useExcludedChains } from "../search/useExcludedChains.ts";
import { DataPanel } from "./DataPanel.tsx";
import { DetailsList } from "./DetailsList.tsx";
import { explorerQueries } from "./explorerQueries.ts";
import { IdentifierHeader } from "./IdentifierHeader.tsx";
import { InvalidIdentifier } from "./InvalidIdentifier.tsx";
import { chainIdOfSegment, decodeSegment } from "./routeParams.ts";
import { TransactionParties } from "./TransactionParties.tsx";
import { usePageHeading } from "./usePageHeading.ts";

function TransactionDetails({ row }: { row: TransactionRow }) {
  return (
    <>
      <DetailsList
        testId="transaction-details"
        entries={[
          ["Time", formatUtc(row.block_timestamp)],
          ["Block", row.block_number.toLocaleString("en-US")],
          ["Value", usdText(row.value_usd)],
          ...(row.op_return
            ? ([
                [
                  "OP_RETURN",
                  <span key="op-return" className="sleuth-mono sleuth-break">
                    {row.op_return}
                  </span>,
                ],
              ] as const)
            : []),
        ]}
      />
      <TransactionParties row={row} pathOfTransaction={transactionPath} />
    </>
  );
}

/** The transaction explorer (000 §2, `/tx/:chain/:hash`). */
export function TransactionPage({ chain, hash }: { chain: string; hash: string }) {
  const check = checkTriageTransactionRoute({ chain: chainIdOfSegment(chain), hash: decodeSegment(hash) });
  if (!check.ok) return <InvalidIdentifier message={check.message} value={decodeSegment(hash)} />;
  const { value } = check;
  return <TransactionOnChain chain={value.chain} hash={value.hash} urn={value.urn} />;
}

function TransactionOnChain({ chain, hash, urn }: { chain: ChainId; hash: string; urn: string }) {
  const lookup = useQuery(explorerQueries.transaction([urn]));
  return (
    <div className="sleuth-page" data-testid="transaction-page">
      <IdentifierHeader
        kind="Transaction"
        identifier={hash}
        shortIdentifier={truncateSearchTitle(hash, "transaction")}
        chain={chain}
      />
      <DataPanel title="Details" query={lookup}>
        {(rows) => {
          const [row] = rows;
          return row ? (
            <TransactionDetails row={row} />
          ) : (
            <p className="sleuth-muted">No transaction with this hash is known on {chainInfo(chain).name}.</p>
          );
        }}
      </DataPanel>
    </div>
  );
}

/**
 * 000 §2 transaction explorer without a chain: the hash is looked up on every chain its form fits;
 * one match opens it, several are listed (the search's matches travel in navigation state).
 */
export function TransactionAnyChainPage({ hash }: { hash: string }) {
  const text = decodeSegment(hash);
  const state = useHistoryState<Record<string, unknown> | null>();
  const excludedChains = useExcludedChains();
  const input = readSearchInput(text, { recognizeInet: false, excludedChains });
  const urns =
    input.type === "query"
      ? input.identifiers.filter((id) => id.kind === "transaction").map((id) => id.urn)
      : [];
  const lookup = useQuery({ ...explorerQueries.transaction(urns), enabled: urns.length > 0 });
  const headingRef = usePageHeading(text);
  if (urns.length === 0) return <InvalidIdentifier message="This is not a transaction hash." value={text} />;
  const rows = lookup.data ?? [];
  const [only] = rows;
  if (rows.length === 1 && only)
    return <Redirect to={transactionPath(only.chain, only.tx_hash)} state={state} replace />;
  return (
    <div className="sleuth-page">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title sleuth-mono sleuth-break">
        {truncateSearchTitle(text, "transaction")}
      </Heading>
      {lookup.isPending ? (
        <Text as="p">Looking the hash up on every chain it fits…</Text>
      ) : rows.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          No transaction with this hash is known.
        </Text>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.transactionUrn}>
              <PrimerLink as={Link} href={transactionPath(row.chain, row.tx_hash)}>
                {chainInfo(row.chain).name}
              </PrimerLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
