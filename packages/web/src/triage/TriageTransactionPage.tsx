import { Text, UnderlineNav } from "@primer/react";
import {
  type ChainId,
  checkTriageTransactionRoute,
  formatTriageVolume,
  formatUtc,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { DetailsList } from "../explorer/DetailsList.tsx";
import { explorerQueries } from "../explorer/explorerQueries.ts";
import { IdentifierHeader } from "../explorer/IdentifierHeader.tsx";
import { InvalidIdentifier } from "../explorer/InvalidIdentifier.tsx";
import { chainIdOfSegment, decodeSegment } from "../explorer/routeParams.ts";
import { TransactionParties } from "../explorer/TransactionParties.tsx";
import { sleuthClient } from "../session/sleuthClient.ts";
import { TriageBackLink } from "./TriageBackLink.tsx";
import { triageTransactionPath } from "./triagePaths.ts";
import { useInvalidRedirect } from "./useInvalidRedirect.ts";
import "./triage.css";

/**
 * 002 §2 Triage transaction page: the hash, its chain and a Details tab with the time in UTC and the
 * USD volume. An invalid chain or hash shows the invalid message and goes back to Triage home.
 */
export function TriageTransactionPage({ chain, hash }: { chain: string; hash: string }) {
  const check = checkTriageTransactionRoute({ chain: chainIdOfSegment(chain), hash: decodeSegment(hash) });
  useInvalidRedirect(!check.ok);
  if (!check.ok) return <InvalidIdentifier message={check.message} value={decodeSegment(hash)} />;
  return <TriageTransaction chain={check.value.chain} hash={check.value.hash} urn={check.value.urn} />;
}

function TriageTransaction({ chain, hash, urn }: { chain: ChainId; hash: string; urn: string }) {
  const lookup = useQuery(explorerQueries.transaction([urn]));
  useEffect(() => {
    // 002 §7: the triage activity event of a viewed transaction.
    void sleuthClient.activity.log("transaction_viewed", { chain, hash }).catch(() => undefined);
  }, [chain, hash]);
  return (
    <div className="sleuth-page sleuth-triage" data-testid="triage-transaction-page">
      <TriageBackLink />
      <IdentifierHeader
        kind="Transaction"
        identifier={hash}
        shortIdentifier={truncateSearchTitle(hash, "transaction")}
        chain={chain}
      />
      <UnderlineNav aria-label="Triage tabs">
        <UnderlineNav.Item aria-current="page" href="#details">
          Details
        </UnderlineNav.Item>
      </UnderlineNav>
      <DataPanel title="Details" query={lookup}>
        {(rows) => {
          const [row] = rows;
          if (!row)
            return (
              <Text as="p" className="sleuth-muted">
                No transaction with this hash is known on this chain.
              </Text>
            );
          return (
            <>
              <DetailsList
                testId="triage-transaction-details"
                entries={[
                  ["Time (UTC)", formatUtc(row.block_timestamp)],
                  ["Volume (USD)", row.value_usd === null ? "—" : formatTriageVolume(row.value_usd)],
                  ["Block", row.block_number.toLocaleString("en-US")],
                  ["Senders", String(row.from?.length ?? 0)],
                  ["Recipients", String(row.to?.length ?? 0)],
                ]}
              />
              <TransactionParties row={row} pathOfTransaction={triageTransactionPath} />
            </>
          );
        }}
      </DataPanel>
    </div>
  );
}
