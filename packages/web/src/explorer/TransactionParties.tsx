import { Checkbox, Label, Link as PrimerLink, Text } from "@primer/react";
import {
  addressPropertyTags,
  type ChainId,
  counterpartyNameOf,
  displayAddress,
  formatBalance,
  formatUtc,
  type NeighbourTransaction,
  parseUrn,
  type TransactionParty,
  type TransactionRow,
  truncateMiddle,
  usdText,
} from "@sleuth/sdk";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useCommands } from "../commands/useCommands.ts";
import { plotUrnsAttribute, usePlotOnGraph } from "../graph/plotOnGraph.ts";
import { focusReturnTarget } from "../keyboard/focusReturn.ts";
import { focusStep } from "../keyboard/focusStep.ts";
import { ShowMoreButton } from "../lists/ShowMoreButton.tsx";
import { listPageSize, useShowMore } from "../lists/useShowMore.ts";
import { showMessage } from "../messages/messageStore.ts";
import { addressPath } from "../navigation/routePaths.ts";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";
import { CounterpartyNameView } from "./CounterpartyNameView.tsx";

const group = "Transaction";

interface PartyRow {
  key: string;
  side: "From" | "To";
  party: TransactionParty;
}

function partyRows(row: TransactionRow): PartyRow[] {
  return [
    ...(row.from ?? []).map((party, index) => ({ key: `from:${index}`, side: "From" as const, party })),
    ...(row.to ?? []).map((party, index) => ({ key: `to:${index}`, side: "To" as const, party })),
  ];
}

/** The party's owner or best tag, as the row names it beside the address. */
/**
 * Issue 39: a party is named as every counterparty is (its owner entity, else its best label, with
 * the name's kind); an address with neither shows what its first tag says (a signature, a category).
 */
function PartyName({ party }: { party: TransactionParty }) {
  const tags = party.addressAttribution.tags;
  const name = counterpartyNameOf({
    entity: tags.find((tag) => tag.entity)?.entity,
    label: party.addressLabel,
  });
  if (name) return <CounterpartyNameView name={name} />;
  const [tag] = tags;
  const described = tag ? (tag.signatureName ?? tag.category ?? null) : null;
  return described ? <Text className="sleuth-muted">{described}</Text> : null;
}

function NeighbourCell({
  neighbour,
  symbol,
  pathOfTransaction,
}: {
  neighbour: NeighbourTransaction | null;
  symbol: string;
  pathOfTransaction: (chain: ChainId, hash: string) => string;
}) {
  const parts = neighbour ? parseUrn(neighbour.urn) : null;
  if (!neighbour || parts?.kind !== "transaction") return <span className="sleuth-muted">None</span>;
  return (
    <span className="sleuth-neighbour">
      <Link href={pathOfTransaction(parts.chain, parts.hash)} asChild>
        <PrimerLink className="sleuth-mono" title={parts.hash} tabIndex={-1}>
          {truncateMiddle(parts.hash, 8, 6)}
        </PrimerLink>
      </Link>
      <Text className="sleuth-muted">{formatUtc(neighbour.timestamp, "yyyy-MM-dd HH:mm")}</Text>
      <Text className="sleuth-muted">
        {formatBalance(neighbour.amount)} {symbol}
      </Text>
    </span>
  );
}

/**
 * 002 §3 transaction rows as a table: every transfer's parties with their labels, property tags and
 * the previous and next transaction of each party's address. j/k move along the rows, x selects, P
 * plots the selection (or the focused row), n and p open the focused party's next and previous
 * transaction (issue 39).
 */
export function TransactionParties({
  row,
  pathOfTransaction,
}: {
  row: TransactionRow;
  pathOfTransaction: (chain: ChainId, hash: string) => string;
}) {
  const rows = partyRows(row);
  // 002 §9: a page of parties at a time (a payout can have thousands of outputs).
  const more = useShowMore(rows, { pageSize: listPageSize });
  const container = more.containerRef;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [, navigate] = useLocation();
  const plot = usePlotOnGraph();
  const links = () => [...(container.current?.querySelectorAll<HTMLElement>("[data-row-link]") ?? [])];
  const focusedRow = (): PartyRow | undefined => {
    const key = focusReturnTarget()?.closest("[data-party-key]")?.getAttribute("data-party-key");
    return rows.find((candidate) => candidate.key === key);
  };
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const step = (direction: "previous" | "next") => {
    const focused = focusedRow();
    if (!focused) {
      showMessage({ variant: "info", title: "Focus a party first (j and k)." });
      return;
    }
    const neighbour =
      direction === "next" ? focused.party.next_transaction : focused.party.previous_transaction;
    const parts = neighbour ? parseUrn(neighbour.urn) : null;
    if (parts?.kind !== "transaction") {
      showMessage({ variant: "info", title: `This address has no ${direction} transaction.` });
      return;
    }
    navigate(pathOfTransaction(parts.chain, parts.hash));
  };
  const plotUrns = (party: TransactionParty) => [party.trmUrn, row.transactionUrn];
  useCommands([
    {
      id: "transaction.parties.next",
      title: "Next party",
      group,
      keys: "j",
      run: () => focusStep(links(), 1),
    },
    {
      id: "transaction.parties.previous",
      title: "Previous party",
      group,
      keys: "k",
      run: () => focusStep(links(), -1),
    },
    {
      id: "transaction.parties.select",
      title: "Select or unselect the focused party",
      group,
      keys: "x",
      run: () => {
        const focused = focusedRow();
        if (focused) toggle(focused.key);
        else showMessage({ variant: "info", title: "Focus a party first (j and k)." });
      },
    },
    {
      id: "transaction.parties.plot",
      title: "Plot the selected parties on the graph",
      group,
      keys: "P",
      keywords: ["graph", "plot", "add"],
      run: () => {
        const chosen = rows.filter((candidate) => selected.has(candidate.key));
        const focused = focusedRow();
        const parties = chosen.length > 0 ? chosen : focused ? [focused] : [];
        if (parties.length === 0)
          showMessage({ variant: "info", title: "Select parties with x, or focus one (j and k)." });
        else plot([...new Set(parties.flatMap(({ party }) => plotUrns(party)))]);
      },
    },
    {
      id: "transaction.plot",
      title: "Plot this transaction on the graph",
      group,
      keys: "G",
      keywords: ["graph", "plot", "add"],
      run: () => void plot([row.transactionUrn]),
    },
    {
      id: "transaction.party.nextTransaction",
      title: "Open the focused party's next transaction",
      group,
      keys: "n",
      run: () => step("next"),
    },
    {
      id: "transaction.party.previousTransaction",
      title: "Open the focused party's previous transaction",
      group,
      keys: "p",
      run: () => step("previous"),
    },
  ]);
  if (rows.length === 0)
    return (
      <Text as="p" className="sleuth-muted">
        This transaction moved no value.
      </Text>
    );
  return (
    <div ref={container} className="sleuth-table-scroll">
      <Text as="p" className="sleuth-muted sleuth-parties-hint">
        {selected.size > 0 ? `${selected.size} selected · ` : ""}j/k move · x select · P plot · n/p the
        party's next or previous transaction
      </Text>
      <ConfigurableTable
        table="transactionParties"
        className="sleuth-table sleuth-parties-table"
        aria-label="Transfers of this transaction"
        data-testid="transaction-parties"
        rows={more.visible}
        rowKey={(entry) => entry.key}
        cells={{
          side: (entry) => entry.side,
          party: (entry) => {
            const shown = displayAddress(row.chain, entry.party.address);
            return (
              <span className="sleuth-party" data-party-key={entry.key}>
                <Checkbox
                  aria-label={`Select ${shown}`}
                  checked={selected.has(entry.key)}
                  onChange={() => toggle(entry.key)}
                  tabIndex={-1}
                />{" "}
                <Link href={addressPath(row.chain, entry.party.address)} asChild>
                  <PrimerLink
                    className="sleuth-mono"
                    title={shown}
                    data-row-link=""
                    data-show-more-item=""
                    {...{ [plotUrnsAttribute]: plotUrns(entry.party).join(" ") }}
                  >
                    {truncateMiddle(shown, 8, 6)}
                  </PrimerLink>
                </Link>{" "}
                <PartyName party={entry.party} />
              </span>
            );
          },
          labels: (entry) =>
            entry.party.transfer_labels.length === 0 ? (
              <span className="sleuth-muted">—</span>
            ) : (
              entry.party.transfer_labels.map((label) => (
                <Label key={`${label.kind}:${label.value ?? ""}`} title={label.description}>
                  {label.display_name}
                </Label>
              ))
            ),
          properties: (entry) => {
            const tags = addressPropertyTags(entry.party.address_properties);
            return tags.length === 0 ? (
              <span className="sleuth-muted">—</span>
            ) : (
              tags.map((tag) => (
                <Label key={tag} variant="secondary">
                  {tag}
                </Label>
              ))
            );
          },
          amount: (entry) => `${formatBalance(entry.party.value)} ${entry.party.asset_symbol}`,
          usd: (entry) => usdText(entry.party.value_usd),
          previous: (entry) => (
            <NeighbourCell
              neighbour={entry.party.previous_transaction}
              symbol={entry.party.asset_symbol}
              pathOfTransaction={pathOfTransaction}
            />
          ),
          next: (entry) => (
            <NeighbourCell
              neighbour={entry.party.next_transaction}
              symbol={entry.party.asset_symbol}
              pathOfTransaction={pathOfTransaction}
            />
          ),
        }}
      />
      <ShowMoreButton more={more} noun="parties" />
    </div>
  );
}
