import "./flows.css";
import { Button, Checkbox, FormControl, Select } from "@primer/react";
import {
  type CounterpartyFilters,
  type CounterpartyRow,
  counterpartyFlowsPageSize,
  counterpartyRowName,
  counterpartyTotalText,
  counterpartyUrnOfText,
  displayAddress,
  flowMessages,
  formatUtc,
  hasCounterpartyFilters,
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
import { NumberFilterInput, UrnFilterInput } from "../tables/NumberFilterInput.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { counterpartiesDownload } from "./flowDownloads.ts";
import { flowQueries } from "./flowQueries.ts";
import { SubjectLink } from "./SubjectLink.tsx";
import { useRowKeys } from "./useRowKeys.ts";

const group = "Counterparties";

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
  // 000 §5 header filters: transfers (any operator), total volume (at least / at most), counterparty URN.
  const [filters, setFilters] = useState<CounterpartyFilters>({});
  const [problem, setProblem] = useState<string | null>(null);
  const urnInput = useRef<HTMLInputElement>(null);
  // 001 §4: filters reset when the subject changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subject is what resets them.
  useEffect(() => {
    setPage(0);
    setNamedOnly(false);
    setRiskFloor(0);
    setFilters({});
    setProblem(null);
  }, [subject.urn]);
  const headerFilters = hasCounterpartyFilters(filters) ? { filters } : {};
  const query = useQuery(
    flowQueries.counterparties(subject.kind, subject.urn, {
      includeNamedEntitiesOnly: namedOnly,
      riskScoreLevel: riskFloor > 0 ? riskFloor : undefined,
      offset: page * counterpartyFlowsPageSize,
      ...headerFilters,
    }),
  );
  const hasMore = query.data?.hasMore ?? false;
  const filtered = namedOnly || riskFloor > 0 || hasCounterpartyFilters(filters);
  const resetFilters = () => {
    setNamedOnly(false);
    setRiskFloor(0);
    setFilters({});
    setProblem(null);
    setPage(0);
  };
  const setFilter = <Key extends keyof CounterpartyFilters>(key: Key, value: CounterpartyFilters[Key]) => {
    const next = { ...filters };
    if (value === undefined) delete next[key];
    else next[key] = value;
    setFilters(next);
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
      run: () => {
        if (hasMore) setPage(page + 1);
      },
    },
    {
      id: "flows.counterparties.previous",
      title: "Previous page of counterparties",
      group,
      keys: "p",
      run: () => setPage(Math.max(0, page - 1)),
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
  return (
    <DataPanel title="Counterparties" query={query} onResetFilters={filtered ? resetFilters : undefined}>
      {(data) => (
        <>
          <div className="sleuth-pane-toolbar">
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
            <UrnFilterInput
              label="Counterparty"
              placeholder="pasted URN, Enter"
              testId="counterparties-urn-filter"
              inputRef={urnInput}
              notUrnMessage={flowMessages.notCounterpartyUrn}
              value={filters.counterpartyUrn?.[0]}
              toUrn={counterpartyUrnOfText}
              onProblem={setProblem}
              onChange={(urn) => setFilter("counterpartyUrn", urn ? [urn] : undefined)}
            />
            <NumberFilterInput
              label="Transfers"
              testId="counterparties-transfers-filter"
              filter={filters.totalTransfers}
              onProblem={setProblem}
              onChange={(filter) => setFilter("totalTransfers", filter)}
            />
            <NumberFilterInput
              label="Total USD"
              testId="counterparties-volume-filter"
              operators={rangeOnlyOperators}
              filter={filters.totalVolumeUsd}
              onProblem={setProblem}
              onChange={(filter) => setFilter("totalVolumeUsd", filter)}
            />
            <DownloadCsvButton target={download} />
            {problem ? (
              <p role="alert" className="sleuth-filter-problem">
                {problem}
              </p>
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
          <div className="sleuth-pane-pager">
            <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>Page {page + 1}</span>
            <Button size="small" disabled={!hasMore} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </>
      )}
    </DataPanel>
  );
}
