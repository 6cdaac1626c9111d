import { Button, FormControl, Link as PrimerLink, Select } from "@primer/react";
import {
  type CategoryDailyRow,
  type CategoryTransferFilters,
  type CategoryTransferRow,
  categoryTransferCounterpartyName,
  categoryTransfersPageSize,
  chainInfo,
  counterpartyUrnOfText,
  displayAddress,
  flowMessages,
  formatBalance,
  formatUsdVolume,
  formatUtc,
  missingValueText,
  parseUrn,
  rangeOnlyOperators,
  subjectFieldsFor,
  transactionUrn,
  transferMessages,
  truncateMiddle,
  usdTotalText,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { useCommands } from "../commands/useCommands.ts";
import { useRowKeys } from "../flows/useRowKeys.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HeaderFilterBar, type HeaderFilterField, useHeaderFilters } from "../tables/HeaderFilterBar.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { CounterpartyNameView } from "./CounterpartyNameView.tsx";
import { DataPanel } from "./DataPanel.tsx";

const group = "Categories";

type HeaderFilters = Pick<
  CategoryTransferFilters,
  "relevantAmount" | "relevantAmountUsd" | "counterpartyUrn"
>;
/** 000 §5 the named columns' header filters. */
const headerFilterFields: readonly HeaderFilterField<HeaderFilters>[] = [
  {
    kind: "urn",
    key: "counterpartyUrn",
    label: "Counterparty",
    placeholder: "pasted URN, Enter",
    testId: "category-urn-filter",
    notUrnMessage: flowMessages.notCounterpartyUrn,
    toUrn: counterpartyUrnOfText,
  },
  {
    kind: "number",
    key: "relevantAmount",
    label: "Relevant amount",
    testId: "category-amount-filter",
    operators: rangeOnlyOperators,
  },
  {
    kind: "number",
    key: "relevantAmountUsd",
    label: "Relevant USD",
    testId: "category-usd-filter",
    operators: rangeOnlyOperators,
  },
];
const minute = 60_000;
/** The column header says UTC; each cell need not. */
const tableTimePattern = "yyyy-MM-dd HH:mm:ss";

/** A counterparty category the subject moved funds with, over its whole history. */
interface SubjectCategory {
  id: number;
  name: string;
  volumeUsd: number;
  transfers: number;
  /** Issue 43: of those, the transfers with no USD price (the volume is then a floor, or unknown). */
  unpriced: number;
}

/** The subject's counterparty categories (000 §7 daily exposure, summed), largest volume first. */
function categoriesOf(days: readonly CategoryDailyRow[]): SubjectCategory[] {
  const byId = new Map<number, SubjectCategory>();
  for (const day of days) {
    const category = byId.get(day.categoryId) ?? {
      id: day.categoryId,
      name: day.category,
      volumeUsd: 0,
      transfers: 0,
      unpriced: 0,
    };
    category.volumeUsd += day.incomingVolumeUsd + day.outgoingVolumeUsd;
    category.transfers += day.incomingTransfers + day.outgoingTransfers;
    category.unpriced += (day.incomingUnpriced ?? 0) + (day.outgoingUnpriced ?? 0);
    byId.set(day.categoryId, category);
  }
  return [...byId.values()].sort((a, b) => b.volumeUsd - a.volumeUsd || a.name.localeCompare(b.name));
}

const directionChoices = [
  { value: "", label: "Both directions" },
  { value: "incoming", label: "Incoming" },
  { value: "outgoing", label: "Outgoing" },
] as const;

/** Issue 39: the counterparty named by the one rule (its entity, else its address's best label). */
function CategoryCounterpartyName({ row }: { row: CategoryTransferRow }) {
  const name = categoryTransferCounterpartyName(row);
  if (!name) return <span className="sleuth-muted">{missingValueText}</span>;
  const entity = row.counterpartyEntities[0];
  const href = entity && name.kind === "entity" ? pathOfUrn(entity.entityUrn) : null;
  return (
    <CounterpartyNameView name={name}>
      {href ? (
        <PrimerLink as={Link} href={href}>
          {name.name}
        </PrimerLink>
      ) : null}
    </CounterpartyNameView>
  );
}

function CounterpartyAddressLink({ urn }: { urn: string | undefined }) {
  const parts = urn ? parseUrn(urn) : null;
  if (!urn || parts?.kind !== "address") return <span className="sleuth-muted">{missingValueText}</span>;
  const shown = displayAddress(parts.chain, parts.address);
  return (
    <PrimerLink as={Link} href={pathOfUrn(urn) ?? "#"} className="sleuth-mono" title={shown}>
      {truncateMiddle(shown, 8, 6)}
    </PrimerLink>
  );
}

function CategoryTransferRows({ rows }: { rows: readonly CategoryTransferRow[] }) {
  return (
    <table className="sleuth-flow-table" data-testid="category-transfers-table">
      <caption>Transfers with counterparties of this category</caption>
      <thead>
        <tr>
          <th scope="col">Time (UTC)</th>
          <th scope="col">Transaction</th>
          <th scope="col">Counterparty</th>
          <th scope="col">Counterparty address</th>
          <th scope="col">Chain</th>
          <th scope="col">Asset</th>
          <th scope="col" className="sleuth-num">
            Relevant amount
          </th>
          <th scope="col" className="sleuth-num">
            Relevant USD
          </th>
          <th scope="col" className="sleuth-num">
            Total amount
          </th>
          <th scope="col" className="sleuth-num">
            Total USD
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.chain}:${row.txHash}:${row.asset}:${row.relevantAmountRaw}`}>
            <td className="sleuth-mono sleuth-nowrap">{formatUtc(row.txTimestamp, tableTimePattern)}</td>
            <td>
              {/* The row's focus target (j/k): Enter opens the transaction. */}
              <PrimerLink
                as={Link}
                href={pathOfUrn(transactionUrn(row.chain, row.txHash)) ?? "#"}
                className="sleuth-mono"
                data-row-link=""
                title={row.txHash}
              >
                {`${row.txHash.slice(0, 10)}…${row.txHash.slice(-6)}`}
              </PrimerLink>
            </td>
            <td>
              <CategoryCounterpartyName row={row} />
            </td>
            <td className="sleuth-nowrap">
              <CounterpartyAddressLink urn={row.counterpartyAddressChainUrns?.[0]} />
            </td>
            <td>{row.chain}</td>
            <td>{row.asset}</td>
            <td className="sleuth-num">{formatBalance(row.relevantAmountRaw)}</td>
            <td className="sleuth-num">{formatUsdVolume(row.relevantAmountUsd)}</td>
            <td className="sleuth-num">{formatBalance(row.totalAmountRaw)}</td>
            <td className="sleuth-num">{formatUsdVolume(row.totalAmountUsd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 001 §2 category transfers table: the subject's transfers with counterparties of one category
 * (chosen among the categories it moved funds with), 001 §9's 30 a page along the server's cursor,
 * with the direction filter; each row one Enter from its transaction.
 */
export function CategoriesPane({ subject }: { subject: Subject }) {
  const fields = subjectFieldsFor(subject.kind, subject.urn);
  const categories = useQuery({
    queryKey: ["flows", "exposure-categories", subject.urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      categoriesOf(await sleuthClient.flows.categoryDaily(subject.kind, fields, { signal })),
    staleTime: minute,
  });
  const list = categories.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [direction, setDirection] = useState<CategoryTransferFilters["direction"]>(undefined);
  // 001 §7 filter values: the asset and chain the header filters offer, the category's own.
  const [assetUrn, setAssetUrn] = useState<string | undefined>(undefined);
  const [chain, setChain] = useState<CategoryTransferFilters["chain"]>(undefined);
  // The cursors of the pages before the shown one; the first page has none.
  const [cursors, setCursors] = useState<string[]>([]);
  // 000 §5 header filters of the named columns: amounts (at least / at most) and the counterparty URN.
  const header = useHeaderFilters<HeaderFilters>(() => setCursors([]));
  const headerFilters = header.filters;
  const urnInput = useRef<HTMLInputElement>(null);
  // 001 §4: filters reset when the subject changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subject is what resets them.
  useEffect(() => {
    setChosen(null);
    setDirection(undefined);
    setAssetUrn(undefined);
    setChain(undefined);
    header.reset();
    setCursors([]);
  }, [subject.urn]);
  const category = list.find((entry) => entry.id === chosen) ?? list[0] ?? null;
  const after = cursors.at(-1);
  const filterValues = useQuery({
    queryKey: ["flows", "category-filter-values", subject.urn, category?.id],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flows.categoryFilterValues(
        subject.kind,
        { ...fields, counterpartyCategoryId: category?.id ?? 0 },
        { signal },
      ),
    enabled: category !== null,
    staleTime: minute,
  });
  const filters: CategoryTransferFilters = {
    ...(direction ? { direction } : {}),
    ...(assetUrn ? { assetUrn } : {}),
    ...(chain ? { chain } : {}),
    ...headerFilters,
  };
  const filtered = Object.keys(filters).length > 0;
  const transfers = useQuery({
    queryKey: ["flows", "category-transfers", subject.urn, category?.id, filters, after],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flows.categoryTransfers(
        subject.kind,
        {
          ...fields,
          counterpartyCategoryId: category?.id ?? 0,
          filters,
          pageSize: categoryTransfersPageSize,
          ...(after ? { after } : {}),
        },
        { signal },
      ),
    enabled: category !== null,
    staleTime: minute,
  });
  const nextCursor = transfers.data?.nextCursor ?? null;
  const choose = (id: number) => {
    setChosen(id);
    // Another category offers other assets and chains.
    setAssetUrn(undefined);
    setChain(undefined);
    setCursors([]);
  };
  const stepCategory = (by: number) => {
    if (list.length === 0 || !category) return;
    const index = list.findIndex((entry) => entry.id === category.id);
    const target = list[(index + by + list.length) % list.length];
    if (target) choose(target.id);
  };
  const chooseDirection = (value: CategoryTransferFilters["direction"]) => {
    setDirection(value);
    setCursors([]);
  };
  const resetFilters = () => {
    setAssetUrn(undefined);
    setChain(undefined);
    header.reset();
    chooseDirection(undefined);
  };
  useRowKeys(group);
  useCommands([
    {
      id: "categories.next",
      title: "Next counterparty category",
      group,
      keys: "w",
      run: () => stepCategory(1),
    },
    {
      id: "categories.previous",
      title: "Previous counterparty category",
      group,
      keys: "b",
      run: () => stepCategory(-1),
    },
    {
      id: "categories.direction",
      title: "Cycle the direction filter (both, incoming, outgoing)",
      group,
      keys: "d",
      run: () =>
        chooseDirection(
          direction === undefined ? "incoming" : direction === "incoming" ? "outgoing" : undefined,
        ),
    },
    {
      id: "categories.filter",
      title: "Filter category transfers…",
      group,
      keys: "f",
      keywords: ["urn", "amount", "usd"],
      // The counterparty box; Tab reaches the amount filters.
      run: () => urnInput.current?.focus(),
    },
    { id: "categories.reset", title: transferMessages.resetFilters, group, keys: "x", run: resetFilters },
    {
      id: "categories.nextPage",
      title: "Next page of category transfers",
      group,
      keys: "n",
      run: () => {
        if (nextCursor) setCursors([...cursors, nextCursor]);
      },
    },
    {
      id: "categories.previousPage",
      title: "Previous page of category transfers",
      group,
      keys: "p",
      run: () => setCursors(cursors.slice(0, -1)),
    },
  ]);
  return (
    <DataPanel title="Counterparty categories" query={categories}>
      {(data) =>
        data.length === 0 || !category ? (
          <div className="sleuth-pane-empty" data-testid="categories-empty">
            <p>{transferMessages.emptyCategory}</p>
          </div>
        ) : (
          <>
            <div className="sleuth-pane-toolbar">
              <FormControl>
                <FormControl.Label>Counterparty category</FormControl.Label>
                <Select
                  value={String(category.id)}
                  onChange={(event) => choose(Number(event.target.value))}
                  data-testid="category-select"
                >
                  {data.map((entry) => (
                    <Select.Option key={entry.id} value={String(entry.id)}>
                      {entry.unpriced > 0
                        ? `${entry.name} · ${usdTotalText({ usd: entry.volumeUsd, transfers: entry.transfers, unpriced: entry.unpriced })}`
                        : `${entry.name} · ${formatUsdVolume(entry.volumeUsd)} · ${entry.transfers.toLocaleString("en-US")} ${entry.transfers === 1 ? "transfer" : "transfers"}`}
                    </Select.Option>
                  ))}
                </Select>
              </FormControl>
              <FormControl>
                <FormControl.Label>Direction</FormControl.Label>
                <Select
                  value={direction ?? ""}
                  onChange={(event) =>
                    chooseDirection((event.target.value || undefined) as CategoryTransferFilters["direction"])
                  }
                >
                  {directionChoices.map((choice) => (
                    <Select.Option key={choice.value} value={choice.value}>
                      {choice.label}
                    </Select.Option>
                  ))}
                </Select>
              </FormControl>
              <FormControl>
                <FormControl.Label>Asset</FormControl.Label>
                <Select
                  value={assetUrn ?? ""}
                  onChange={(event) => {
                    setAssetUrn(event.target.value || undefined);
                    setCursors([]);
                  }}
                  data-testid="category-asset-filter"
                >
                  <Select.Option value="">All assets</Select.Option>
                  {(filterValues.data?.assets ?? []).map((asset) => (
                    <Select.Option key={asset.assetUrn} value={asset.assetUrn}>
                      {asset.asset}
                    </Select.Option>
                  ))}
                </Select>
              </FormControl>
              <FormControl>
                <FormControl.Label>Chain</FormControl.Label>
                <Select
                  value={chain ?? ""}
                  onChange={(event) => {
                    setChain((event.target.value || undefined) as CategoryTransferFilters["chain"]);
                    setCursors([]);
                  }}
                  data-testid="category-chain-filter"
                >
                  <Select.Option value="">All chains</Select.Option>
                  {(filterValues.data?.chains ?? []).map((value) => (
                    <Select.Option key={value} value={value}>
                      {chainInfo(value).name}
                    </Select.Option>
                  ))}
                </Select>
              </FormControl>
              <HeaderFilterBar
                fields={headerFilterFields}
                filters={headerFilters}
                setFilter={header.setFilter}
                urnInputRef={urnInput}
              />
            </div>
            <DataPanel title={category.name} query={transfers}>
              {(page) =>
                page.rows.length === 0 ? (
                  <div className="sleuth-pane-empty" data-testid="category-transfers-empty">
                    <p>{filtered ? transferMessages.filteredEmpty : transferMessages.emptyCategory}</p>
                    {filtered ? (
                      <Button size="small" onClick={resetFilters}>
                        {transferMessages.resetFilters}
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <CategoryTransferRows rows={page.rows} />
                )
              }
            </DataPanel>
            <div className="sleuth-pane-pager">
              <Button
                size="small"
                disabled={cursors.length === 0}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                Previous
              </Button>
              <span data-testid="category-page">Page {cursors.length + 1}</span>
              <Button
                size="small"
                disabled={!nextCursor}
                onClick={() => {
                  if (nextCursor) setCursors([...cursors, nextCursor]);
                }}
              >
                Next
              </Button>
            </div>
          </>
        )
      }
    </DataPanel>
  );
}
