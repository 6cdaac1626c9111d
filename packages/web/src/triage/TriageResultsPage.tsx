import { useStore } from "@nanostores/react";
import { Flash, Heading, Link as PrimerLink, Spinner, Text } from "@primer/react";
import {
  chainInfo,
  displayAddress,
  formatTriageVolume,
  formatUtc,
  ipSearchRule,
  multiSearchItems,
  parseUrn,
  platformMessages,
  readSearchInput,
  searchMessages,
  triageDirectJump,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { rememberOpenedSearch, rememberSearches } from "../search/searchHistoryStore.ts";
import { useExcludedChains } from "../search/useExcludedChains.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { TriageIpResults, useTriageIpSearch } from "./TriageIpResults.tsx";
import { TriageSearchBox } from "./TriageSearchBox.tsx";
import { triageFromState, triagePathOfRoute } from "./triageNavigation.ts";
import { triageAddressPath, triageTransactionPath } from "./triagePaths.ts";
import "./triage.css";

/**
 * 002 §2 triage results: every address and transaction the query's items name, with whether the store
 * knows activity for it. 002 §4: a single item with exactly one active result opens it directly; IPs
 * are refused without the organization's forensics licence (002 §6), and searched with it.
 */
export function TriageResultsPage() {
  const params = new URLSearchParams(useSearch());
  const text = params.get("q") ?? "";
  const view = useStore($signedIn);
  const [, navigate] = useLocation();
  const excludedChains = useExcludedChains();
  const headingRef = usePageHeading(`triage results ${text}`);
  const items = useMemo(() => multiSearchItems(text), [text]);
  const inputs = useMemo(
    () => items.map((item) => ({ item, input: readSearchInput(item, { excludedChains }) })),
    [items, excludedChains],
  );
  const identifiers = inputs.flatMap(({ input }) => (input.type === "query" ? input.identifiers : []));
  const ips = inputs.flatMap(({ item, input }) =>
    input.type === "query" && input.identifiers.some((identifier) => identifier.kind === "inet")
      ? [item]
      : [],
  );
  const hasIp = ips.length > 0;
  const ipRule = ipSearchRule({
    module: "triage",
    ipSearchEnabled: view?.featureFlags.ipSearch ?? false,
    hasForensicsLicense: view?.organization.hasForensicsLicense ?? false,
  });
  const ipSearch = useTriageIpSearch(ips, ipRule.allowed, view?.organization.uuid ?? null);
  const addressUrns = [...new Set(identifiers.filter((id) => id.kind === "address").map((id) => id.urn))];
  const transactionUrns = [
    ...new Set(identifiers.filter((id) => id.kind === "transaction").map((id) => id.urn)),
  ];
  const addresses = useQuery({
    queryKey: ["triage", "results", "addresses", ...addressUrns],
    queryFn: async ({ signal }) => {
      const answer = await sleuthClient.metrics.addresses(addressUrns, {}, { signal });
      if (!answer.success) throw new Error("The request was not successful");
      return answer.data;
    },
    enabled: addressUrns.length > 0,
  });
  const transactions = useQuery({
    queryKey: ["transaction", ...transactionUrns],
    queryFn: ({ signal }) => sleuthClient.search.transactions({ tx_hashes: transactionUrns }, { signal }),
    enabled: transactionUrns.length > 0,
  });
  const loading =
    (addressUrns.length > 0 && addresses.isPending) ||
    (transactionUrns.length > 0 && transactions.isPending) ||
    (hasIp && ipRule.allowed && ipSearch.isPending);
  const failed = addresses.isError || transactions.isError;

  const addressRows = (addresses.data ?? []).flatMap((metrics) => {
    const parts = parseUrn(metrics.addressChainUrn);
    if (parts?.kind !== "address") return [];
    return [
      {
        urn: metrics.addressChainUrn,
        chain: parts.chain,
        address: parts.address,
        transfers: metrics.totalTransfers ?? 0,
        volume: metrics.totalVolumeUsd ?? null,
        isActive: (metrics.totalTransfers ?? 0) > 0,
      },
    ];
  });
  const transactionRows = transactions.data ?? [];

  const jump =
    loading || failed
      ? null
      : triageDirectJump(items, {
          addresses: addressRows,
          transactions: transactionRows.map((row) => ({
            txnHash: row.tx_hash,
            chain: row.chain,
            isActive: true,
          })),
        });
  const found = [...addressRows.map((row) => row.urn), ...transactionRows.map((row) => row.transactionUrn)];
  const foundKey = found.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: foundKey stands for found.
  useEffect(() => {
    if (!loading && found.length > 0) rememberSearches(found);
  }, [loading, foundKey]);
  useEffect(() => {
    if (!jump) return;
    const path = triagePathOfRoute(jump);
    if (path)
      navigate(path, {
        replace: true,
        state: triageFromState({ name: "triageHome", query: { query: text } }),
      });
  }, [jump, navigate, text]);

  const from = triageFromState({ name: "triageResults", query: { query: text } });
  const ipHits = ipSearch.data?.length ?? 0;
  const nothing =
    !loading &&
    !failed &&
    !ipSearch.isError &&
    addressRows.length === 0 &&
    transactionRows.length === 0 &&
    ipHits === 0;
  return (
    <div className="sleuth-page sleuth-triage">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Triage results
      </Heading>
      <TriageSearchBox initialQuery={text} />
      {hasIp && !ipRule.allowed ? (
        <Flash variant="warning" role="alert" data-testid="triage-ip-refused">
          {ipRule.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Flash>
      ) : null}
      {loading ? (
        <Spinner size="medium" srText="Searching" />
      ) : failed ? (
        <Flash variant="danger" role="alert">
          {platformMessages.genericPanel}
        </Flash>
      ) : nothing ? (
        <Flash variant="warning" role="status" data-testid="triage-no-results">
          <p>{searchMessages.noResults}</p>
          <p>{searchMessages.checkSpelling}</p>
          <p>{searchMessages.tryDifferentKeywords}</p>
        </Flash>
      ) : (
        <>
          {addressRows.length > 0 ? (
            <section aria-labelledby="triage-results-addresses">
              <Heading as="h2" id="triage-results-addresses" className="sleuth-section-title">
                Addresses
              </Heading>
              <ul className="sleuth-triage-results" data-testid="triage-results-addresses">
                {addressRows.map((row) => {
                  const shown = displayAddress(row.chain, row.address);
                  return (
                    <li key={row.urn}>
                      <Link
                        href={triageAddressPath(row.chain, row.address)}
                        state={from}
                        onClick={() => rememberOpenedSearch(row.urn)}
                        asChild
                      >
                        <PrimerLink className="sleuth-mono" title={shown}>
                          {truncateSearchTitle(shown, "address")}
                        </PrimerLink>
                      </Link>{" "}
                      <Text className="sleuth-muted">
                        {chainInfo(row.chain).name} · {row.transfers} transfers
                        {row.volume === null ? "" : ` · ${formatTriageVolume(row.volume)}`}
                        {row.isActive ? "" : " · inactive"}
                      </Text>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          {transactionRows.length > 0 ? (
            <section aria-labelledby="triage-results-transactions">
              <Heading as="h2" id="triage-results-transactions" className="sleuth-section-title">
                Transactions
              </Heading>
              <ul className="sleuth-triage-results" data-testid="triage-results-transactions">
                {transactionRows.map((row) => (
                  <li key={row.transactionUrn}>
                    <Link
                      href={triageTransactionPath(row.chain, row.tx_hash)}
                      state={from}
                      onClick={() => rememberOpenedSearch(row.transactionUrn)}
                      asChild
                    >
                      <PrimerLink className="sleuth-mono" title={row.tx_hash}>
                        {truncateSearchTitle(row.tx_hash, "transaction")}
                      </PrimerLink>
                    </Link>{" "}
                    <Text className="sleuth-muted">
                      {chainInfo(row.chain).name} · {formatUtc(row.block_timestamp)}
                      {row.value_usd === null ? "" : ` · ${formatTriageVolume(row.value_usd)}`}
                    </Text>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <TriageIpResults search={ipSearch} />
        </>
      )}
    </div>
  );
}
