import "./flows.css";
import { Button, Checkbox, FormControl, Select } from "@primer/react";
import {
  type CounterpartyFilters,
  type CounterpartyRow,
  counterpartyFlowsPageSize,
  counterpartyKinds,
  counterpartyRowName,
  counterpartyTotalText,
  counterpartyUrnOfText,
  displayAddress,
  flowMessages,
  formatUtc,
  parseUrn,
  rangeOnlyOperators,
  riskScoreLevels,
  usdText,
  utcDatePattern,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { DownloadCsvButton } from "../downloads/DownloadCsvButton.tsx";
import { useDownloadCommand } from "../downloads/useDownloadCommands.ts";
import { CounterpartyNameView } from "../explorer/CounterpartyNameView.tsx";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { CategoryRiskBadge } from "../explorer/RiskBadge.tsx";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";
import { HeaderFilterBar, type HeaderFilterField, useHeaderFilters } from "../tables/HeaderFilterBar.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { CounterpartyChainAssets, CounterpartyTransfers } from "./CounterpartyTransfers.tsx";
import { counterpartiesDownload } from "./flowDownloads.ts";
import { flowQueries } from "./flowQueries.ts";
import { SubjectLink } from "./SubjectLink.tsx";
import { useRowKeys } from "./useRowKeys.ts";

const group = "Counterparties";

/** The lists the pane shows: the 002 §7 summary, or every counterparty of one kind (000 §7). */
const listKinds = ["summary", ...counterpartyKinds] as const;
type ListKind = (typeof listKinds)[number];
const listKindNames: Record<ListKind, string> = {
  summary: "Summary",
  entity: "Entities",
  address: "Addresses",
  "custom-entity": "Custom entities",
};

/** 000 §5 header filters: counterparty URN, transfers (any operator), total volume (at least / at most). */
const headerFilterFields: readonly HeaderFilterField<CounterpartyFilters>[] = [
  {
    kind: "urn",
    key: "counterpartyUrn",
    label: "Counterparty",
    placeholder: "pasted URN, Enter",
    testId: "counterparties-urn-filter",
    notUrnMessage: flowMessages.notCounterpartyUrn,
    toUrn: counterpartyUrnOfText,
  },
  { kind: "number", key: "totalTransfers", label: "Transfers", testId: "counterparties-transfers-filter" },
  {
    kind: "number",
    key: "totalVolumeUsd",
    label: "Total USD",
    testId: "counterparties-volume-filter",
    operators: rangeOnlyOperators,
  },
];

function counterpartyAddressText(row: CounterpartyRow): string {
  const parts = parseUrn(row.counterpartyUrn);
  return parts?.kind === "address" ? displayAddress(parts.chain, parts.address) : row.counterpartyUrn;
}

/** Issue 39: the SDK's one rule names the row (entity, else best label with its source). */
function CounterpartyCell({ row, subjectUrn }: { row: CounterpartyRow; subjectUrn: string }) {
  const name = counterpartyRowName(row);
  const link = (text: string) => (
    <SubjectLink urn={row.counterpartyUrn} plotUrns={[subjectUrn, row.counterpartyUrn]}>
      {text}
    </SubjectLink>
  );
  if (name === null) return link(counterpartyAddressText(row));
  return <CounterpartyNameView name={name}>{link(name.name)}</CounterpartyNameView>;
}

/**
 * 002 §7 counterparty flows of the subject: 30 a page, largest volume first, with the named-entities
 * and risk filters of 001 §7; each row one Enter from the counterparty's page.
 */
export function CounterpartiesPane({ subject }: { subject: Subject }) {
  const [page, setPage] = useState(0);
  const [namedOnly, setNamedOnly] = useState(false);
  const [riskFloor, setRiskFloor] = useState(0);
  const header = useHeaderFilters<CounterpartyFilters>(() => setPage(0));
  const filters = header.filters;
  const urnInput = useRef<HTMLInputElement>(null);
  // 000 §7: the summary, or every counterparty of one kind (by-counterparty-{kind}), paged by cursor.
  const [listKind, setListKind] = useState<ListKind>("summary");
  const [kindCursors, setKindCursors] = useState<string[]>([]);
  // 000 §7 to-{kind}/transfers: the transfers with one counterparty, opened from its row (t).
  const [withCounterparty, setWithCounterparty] = useState<CounterpartyRow | null>(null);
  const [transferCursors, setTransferCursors] = useState<string[]>([]);
  const [transferNext, setTransferNext] = useState<string | null>(null);
  // 001 §4: filters reset when the subject changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subject is what resets them.
  useEffect(() => {
    setPage(0);
    setNamedOnly(false);
    setRiskFloor(0);
    header.reset();
    setListKind("summary");
    setKindCursors([]);
    setWithCounterparty(null);
    setTransferCursors([]);
  }, [subject.urn]);
  const headerFilters = header.active ? { filters } : {};
  const summary = useQuery({
    ...flowQueries.counterparties(subject.kind, subject.urn, {
      includeNamedEntitiesOnly: namedOnly,
      riskScoreLevel: riskFloor > 0 ? riskFloor : undefined,
      offset: page * counterpartyFlowsPageSize,
      ...headerFilters,
    }),
    // One shape for both lists: the summary pages by offset, so it has no cursor.
    select: (data) => ({ rows: data.rows, hasMore: data.hasMore, nextCursor: null as string | null }),
    enabled: listKind === "summary",
  });
  const byKind = useQuery({
    ...flowQueries.counterpartiesOfKind(
      subject.kind,
      subject.urn,
      listKind === "summary" ? "entity" : listKind,
      kindCursors.at(-1),
    ),
    select: (data) => ({ rows: data.rows, hasMore: data.nextCursor !== null, nextCursor: data.nextCursor }),
    enabled: listKind !== "summary",
  });
  const query = listKind === "summary" ? summary : byKind;
  const kindNext = byKind.data?.nextCursor ?? null;
  const hasMore = listKind === "summary" ? (summary.data?.hasMore ?? false) : kindNext !== null;
  const nextPage = () => {
    if (withCounterparty) {
      if (transferNext) setTransferCursors([...transferCursors, transferNext]);
    } else if (listKind !== "summary") {
      if (kindNext) setKindCursors([...kindCursors, kindNext]);
    } else if (hasMore) setPage(page + 1);
  };
  const previousPage = () => {
    if (withCounterparty) setTransferCursors(transferCursors.slice(0, -1));
    else if (listKind !== "summary") setKindCursors(kindCursors.slice(0, -1));
    else setPage(Math.max(0, page - 1));
  };
  const chooseList = (kind: ListKind) => {
    setListKind(kind);
    setKindCursors([]);
    setWithCounterparty(null);
  };
  const openTransfers = () => {
    // The focused row's counterparty (j/k focus its link), else the first row's.
    const focused = (document.activeElement as HTMLElement | null)
      ?.closest("[data-urn]")
      ?.getAttribute("data-urn");
    const rows = query.data?.rows ?? [];
    const row = rows.find((entry) => entry.counterpartyUrn === focused) ?? rows[0];
    if (!row) return;
    setWithCounterparty(row);
    setTransferCursors([]);
    setTransferNext(null);
  };
  const pageNumber =
    (withCounterparty ? transferCursors.length : listKind === "summary" ? page : kindCursors.length) + 1;
  const filtered = namedOnly || riskFloor > 0 || header.active;
  const resetFilters = () => {
    setNamedOnly(false);
    setRiskFloor(0);
    header.reset();
    setPage(0);
  };
  // 001 §2 the Download CSV modal on this table: every row under the pane's filters.
  const download = counterpartiesDownload(subject, {
    includeNamedEntitiesOnly: namedOnly,
    riskScoreLevel: riskFloor > 0 ? riskFloor : undefined,
    ...headerFilters,
  });
  useDownloadCommand(download);
  useRowKeys(group);
  useCommands([
    {
      id: "flows.counterparties.next",
      title: "Next page of counterparties",
      group,
      keys: "n",
      run: nextPage,
    },
    {
      id: "flows.counterparties.previous",
      title: "Previous page of counterparties",
      group,
      keys: "p",
      run: previousPage,
    },
    {
      id: "flows.counterparties.list",
      title: "Counterparties: next list (summary, entities, addresses, custom entities)",
      group,
      keys: "l",
      keywords: ["kind", "entity", "address", "custom entity"],
      run: () => chooseList(listKinds[(listKinds.indexOf(listKind) + 1) % listKinds.length]!),
    },
    {
      id: "flows.counterparties.transfers",
      title: "Transfers with the focused counterparty",
      group,
      keys: "t",
      keywords: ["to", "one counterparty"],
      run: openTransfers,
    },
    {
      id: "flows.counterparties.back",
      title: "Back to the counterparty list",
      group,
      keys: "b",
      run: () => setWithCounterparty(null),
    },
    {
      id: "flows.counterparties.named",
      title: namedOnly ? "Show every counterparty" : "Show named entities only",
      group,
      keys: "e",
      run: () => {
        setNamedOnly(!namedOnly);
        setPage(0);
      },
    },
    {
      id: "flows.counterparties.filter",
      title: "Filter counterparties…",
      group,
      keys: "f",
      keywords: ["urn", "transfers", "volume", "equal"],
      // The bar's first box; Tab reaches the transfer count and volume filters.
      run: () => urnInput.current?.focus(),
    },
    { id: "flows.counterparties.reset", title: "Reset filters", group, keys: "x", run: resetFilters },
  ]);
  const pager = (
    <div className="sleuth-pane-pager">
      <Button size="small" disabled={pageNumber === 1} onClick={previousPage}>
        Previous
      </Button>
      <span data-testid="counterparties-page">Page {pageNumber}</span>
      <Button size="small" disabled={withCounterparty ? transferNext === null : !hasMore} onClick={nextPage}>
        Next
      </Button>
    </div>
  );
  if (withCounterparty)
    return (
      <section aria-label="Transfers with one counterparty" data-testid="counterparty-transfers">
        <div className="sleuth-pane-toolbar">
          <Button size="small" onClick={() => setWithCounterparty(null)} trailingVisual={() => <kbd>b</kbd>}>
            Back to the counterparties
          </Button>
          {counterpartyRowName(withCounterparty) ? (
            <CounterpartyNameView name={counterpartyRowName(withCounterparty)!} />
          ) : null}
        </div>
        <CounterpartyChainAssets subject={subject} counterparty={withCounterparty} />
        <CounterpartyTransfers
          subject={subject}
          counterparty={withCounterparty}
          after={transferCursors.at(-1)}
          onNextCursor={setTransferNext}
        />
        {pager}
      </section>
    );
  const summaryOnly = listKind === "summary";
  return (
    <DataPanel title="Counterparties" query={query} onResetFilters={filtered ? resetFilters : undefined}>
      {(data) => (
        <>
          <div className="sleuth-pane-toolbar">
            <FormControl>
              <FormControl.Label>List</FormControl.Label>
              <Select
                value={listKind}
                data-testid="counterparties-list"
                onChange={(event) => chooseList(event.target.value as ListKind)}
              >
                {listKinds.map((kind) => (
                  <Select.Option key={kind} value={kind}>
                    {listKindNames[kind]}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
            {summaryOnly ? (
              <>
                <FormControl>
                  <Checkbox
                    checked={namedOnly}
                    onChange={(event) => {
                      setNamedOnly(event.target.checked);
                      setPage(0);
                    }}
                  />
                  <FormControl.Label>Named entities only</FormControl.Label>
                </FormControl>
                <FormControl>
                  <FormControl.Label>Risk at least</FormControl.Label>
                  <Select
                    value={String(riskFloor)}
                    onChange={(event) => {
                      setRiskFloor(Number(event.target.value));
                      setPage(0);
                    }}
                  >
                    {riskScoreLevels.map((level) => (
                      <Select.Option key={level} value={String(level)}>
                        {["Any", "No risk", "Low", "Medium", "High", "Severe"][level]}
                      </Select.Option>
                    ))}
                  </Select>
                </FormControl>
                <HeaderFilterBar
                  fields={headerFilterFields}
                  filters={filters}
                  setFilter={header.setFilter}
                  urnInputRef={urnInput}
                >
                  <DownloadCsvButton target={download} />
                </HeaderFilterBar>
              </>
            ) : null}
          </div>
          {data.rows.length === 0 ? (
            <div className="sleuth-pane-empty">
              <p>{filtered ? flowMessages.noCounterpartiesFiltered : flowMessages.noCounterparties}</p>
              {filtered ? (
                <Button size="small" onClick={resetFilters}>
                  Reset filters
                </Button>
              ) : null}
            </div>
          ) : (
            <ConfigurableTable
              table="counterparties"
              className="sleuth-flow-table"
              data-testid="counterparties-table"
              rows={data.rows}
              rowKey={(row) => row.counterpartyUrn}
              cells={{
                counterparty: (row) => <CounterpartyCell row={row} subjectUrn={subject.urn} />,
                category: (row) => row.category ?? "—",
                risk: (row) =>
                  row.category ? (
                    <CategoryRiskBadge categoryRiskScoreLevel={row.categoryRiskScoreLevel} />
                  ) : (
                    "—"
                  ),
                received: (row) => usdText(row.incomingVolumeUsd),
                sent: (row) => usdText(row.outgoingVolumeUsd),
                total: (row) => counterpartyTotalText(row),
                transfers: (row) => row.totalTransfers.toLocaleString("en-US"),
                lastTransfer: (row) => formatUtc(row.lastTransferAt, utcDatePattern),
              }}
            />
          )}
          {pager}
        </>
      )}
    </DataPanel>
  );
}
