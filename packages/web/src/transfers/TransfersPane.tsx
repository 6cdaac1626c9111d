import { ArrowDownIcon, ArrowUpIcon } from "@primer/octicons-react";
import { Button, Heading } from "@primer/react";
import { Table } from "@primer/react/experimental";
import {
  genericPanelActions,
  hasTransferFilters,
  initialTransferTableState,
  isApiError,
  isUsdSortDisabled,
  platformMessages,
  type TransferFilters,
  type TransferSort,
  type TransferTableAction,
  transferMessages,
  transferRequestMessages,
  transferTableReducer,
} from "@sleuth/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useReducer, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { Command } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { DownloadCsvButton } from "../downloads/DownloadCsvButton.tsx";
import { useDownloadCommand } from "../downloads/useDownloadCommands.ts";
import { focusStep } from "../keyboard/focusStep.ts";
import { useHotkey } from "../keyboard/useHotkey.ts";
import { announce, showMessage } from "../messages/messageStore.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";
import type { ColumnId } from "../tables/tableCatalogue.ts";
import { useTableColumns } from "../tables/useTableColumns.ts";
import type { Subject } from "../workspace/subjectPane.ts";
import { TransferFilterBar } from "./TransferFilterBar.tsx";
import {
  AmountCell,
  CategoriesCell,
  CounterpartyAddressCell,
  CounterpartyEntityCell,
  DirectionCell,
  HashCell,
  TimestampCell,
  UsdCell,
} from "./transferCells.tsx";
import { type AnyTransferRow, transfersQuery } from "./transferQueries.ts";
import "./transfers.css";
import { transfersDownload } from "./transfersDownload.ts";

const group = "Transfers";

interface ColumnSpec {
  id: ColumnId<"transfers">;
  header: string;
  align?: "end";
  width: string;
  cell: (row: AnyTransferRow) => ReactNode;
  sort?: TransferSort["column"];
}

/** 001 §2 columns; the entity variant adds categories, chain and (ours) the entity's own address. */
function columnsOf(subject: Subject): ColumnSpec[] {
  const columns: ColumnSpec[] = [
    {
      id: "time",
      header: "Time (UTC)",
      width: "minmax(11rem, auto)",
      cell: (row) => <TimestampCell row={row} />,
      sort: "timestamp",
    },
    {
      id: "transaction",
      header: "Transaction",
      width: "minmax(9rem, auto)",
      cell: (row) => <HashCell row={row} />,
    },
    {
      id: "counterparty",
      header: "Counterparty",
      width: "minmax(9rem, auto)",
      cell: (row) => <CounterpartyAddressCell row={row} />,
    },
    {
      id: "counterpartyEntity",
      header: "Counterparty entity",
      width: "minmax(8rem, 1fr)",
      cell: (row) => <CounterpartyEntityCell row={row} />,
    },
    { id: "direction", header: "Direction", width: "auto", cell: (row) => <DirectionCell row={row} /> },
    {
      id: "amount",
      header: "Amount",
      align: "end",
      width: "minmax(8rem, auto)",
      cell: (row) => <AmountCell value={row.relevantAmountRaw} />,
    },
    {
      id: "usd",
      header: "USD",
      align: "end",
      width: "minmax(7rem, auto)",
      cell: (row) => <UsdCell row={row} />,
      sort: "usdAmount",
    },
  ];
  if (subject.kind === "address")
    columns.push({
      id: "runningBalance",
      header: "Running balance",
      align: "end",
      width: "minmax(8rem, auto)",
      cell: (row) => <AmountCell value={row.runningBalanceRaw} />,
    });
  columns.push({ id: "asset", header: "Asset", width: "auto", cell: (row) => row.asset });
  if (subject.kind !== "address") {
    columns.push({
      id: "categories",
      header: "Categories",
      width: "minmax(7rem, 1fr)",
      cell: (row) => <CategoriesCell row={row} />,
    });
    columns.push({ id: "chain", header: "Chain", width: "auto", cell: (row) => row.chain });
  }
  return columns;
}

/** The 001 §2 transfer table of the subject; a new subject starts a new table (001 §4). */
export function TransfersPane({ subject }: { subject: Subject }) {
  return <TransferTable key={subject.urn} subject={subject} />;
}

/** 001 §2 the Download CSV modal on the table: its rows under the filters it shows. */
function TransfersDownloadButton({ subject, filters }: { subject: Subject; filters: TransferFilters }) {
  const download = transfersDownload(subject, filters);
  useDownloadCommand(download);
  return (
    <div className="sleuth-pane-actions">
      <DownloadCsvButton target={download} />
    </div>
  );
}

/** The row links of the table, in order: j/k and the arrows move focus among them. */
function rowLinks(container: HTMLElement | null): HTMLElement[] {
  return container ? [...container.querySelectorAll<HTMLElement>("[data-transfer-link]")] : [];
}

function TransferTable({ subject }: { subject: Subject }) {
  const [state, dispatchState] = useReducer(transferTableReducer, subject.urn, initialTransferTableState);
  const [after, setAfter] = useState<string | undefined>();
  const [filterBarKey, setFilterBarKey] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const jumpInput = useRef<HTMLInputElement>(null);
  const counterpartyInput = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const query = useQuery({ ...transfersQuery(subject, state, after), placeholderData: keepPreviousData });
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const offered = columnsOf(subject);
  // 000 §3 table config: the preference picks which of the offered columns show.
  const { columns: visible, bind } = useTableColumns(
    "transfers",
    offered.map((column) => column.id),
  );
  const columns = offered.filter((column) => visible.some((shown) => shown.id === column.id));
  const filtered = hasTransferFilters(state.filters);

  const dispatch = (action: TransferTableAction) => {
    dispatchState(action);
    setAfter(undefined);
    if (action.type === "filtersReset") setFilterBarKey((key) => key + 1);
  };
  const move = (step: 1 | -1) => focusStep(rowLinks(container.current), step);
  const focusedRow = (): AnyTransferRow | undefined => {
    const index = rowLinks(container.current).indexOf(document.activeElement as HTMLElement);
    return rows[index === -1 ? 0 : index];
  };
  const openCounterparty = () => {
    const row = focusedRow();
    const urn = row?.counterpartyAddressChainUrns[0] ?? row?.counterpartyEntities[0]?.entityUrn;
    const path = urn ? pathOfUrn(urn) : null;
    if (path) navigate(path);
    else announce("This transfer has no counterparty");
  };
  const page = (cursor: string | null | undefined) => {
    if (!cursor) return;
    setAfter(cursor);
    announce("Loading another page of transfers");
  };
  const sortBy = (column: TransferSort["column"]) => {
    if (column === "usdAmount" && isUsdSortDisabled(state)) {
      showMessage({ variant: "warning", title: transferRequestMessages.usdSortRefused });
      return;
    }
    const direction = state.sort.column === column && state.sort.direction === "desc" ? "asc" : "desc";
    dispatch({ type: "sortChanged", sort: { column, direction } });
  };
  const cycleSort = () => {
    const order: TransferSort[] = [
      { column: "timestamp", direction: "desc" },
      { column: "timestamp", direction: "asc" },
      { column: "usdAmount", direction: "desc" },
      { column: "usdAmount", direction: "asc" },
    ];
    const allowed = order.filter((sort) => !(sort.column === "usdAmount" && isUsdSortDisabled(state)));
    const at = allowed.findIndex(
      (sort) => sort.column === state.sort.column && sort.direction === state.sort.direction,
    );
    const next = allowed[(at + 1) % allowed.length];
    if (next) dispatch({ type: "sortChanged", sort: next });
  };

  useHotkey({
    id: "transfers.next",
    keys: "j",
    description: "Next transfer (↓ in the table)",
    group,
    run: () => move(1),
  });
  useHotkey({
    id: "transfers.previous",
    keys: "k",
    description: "Previous transfer (↑ in the table)",
    group,
    run: () => move(-1),
  });
  const commands: Command[] = [
    {
      id: "transfers.jumpTo",
      title: "Jump to transaction…",
      group,
      keys: "t",
      keywords: ["date", "hash"],
      run: () => jumpInput.current?.focus(),
    },
    {
      id: "transfers.filterCounterparty",
      title: "Filter by counterparty…",
      group,
      keys: "f",
      run: () => counterpartyInput.current?.focus(),
    },
    {
      id: "transfers.resetFilters",
      title: "Reset filters",
      group,
      keys: "x",
      run: () => dispatch({ type: "filtersReset" }),
    },
    {
      id: "transfers.openCounterparty",
      title: "Open the transfer's counterparty",
      group,
      keys: "o",
      run: openCounterparty,
    },
    {
      id: "transfers.nextPage",
      title: "Next page of transfers",
      group,
      keys: "n",
      run: () => page(meta?.nextCursor),
    },
    {
      id: "transfers.previousPage",
      title: "Previous page of transfers",
      group,
      keys: "p",
      run: () => page(meta?.previousCursor),
    },
    {
      id: "transfers.sort",
      title: "Change the transfers' order",
      group,
      keys: "s",
      keywords: ["sort", "usd", "time"],
      run: cycleSort,
    },
  ];
  if (subject.kind === "address")
    commands.push({
      id: "transfers.copyAddress",
      title: "Copy address",
      group,
      keywords: ["clipboard"],
      run: async () => {
        await navigator.clipboard.writeText(subject.address);
        announce("Address copied to the clipboard");
      },
    });
  useCommands(commands);

  const jumpMissing =
    query.isError &&
    isApiError(query.error) &&
    query.error.message === transferRequestMessages.jumpTargetMissing;
  const sortHeader = (spec: ColumnSpec) => {
    if (!spec.sort) return spec.header;
    const active = state.sort.column === spec.sort;
    const disabled = spec.sort === "usdAmount" && isUsdSortDisabled(state);
    return (
      <Button
        size="small"
        variant="invisible"
        className="sleuth-sort-button"
        aria-disabled={disabled || undefined}
        title={disabled ? transferRequestMessages.usdSortRefused : `Sort by ${spec.header}`}
        trailingVisual={active ? (state.sort.direction === "desc" ? ArrowDownIcon : ArrowUpIcon) : undefined}
        onClick={() => sortBy(spec.sort!)}
      >
        {spec.header}
      </Button>
    );
  };

  let body: ReactNode;
  if (query.isPending) {
    body = null;
  } else if (query.isError) {
    body = (
      <div role="alert" className="sleuth-panel-error" data-testid="transfers-error">
        <p>{jumpMissing ? transferRequestMessages.jumpTargetMissing : platformMessages.genericPanel}</p>
        {jumpMissing ? (
          <Button size="small" onClick={() => dispatch({ type: "jumpToChanged", jumpTo: null })}>
            Clear the jump
          </Button>
        ) : (
          <>
            <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
              {genericPanelActions[0]}
            </Button>{" "}
            <Button size="small" variant="invisible" onClick={() => dispatch({ type: "filtersReset" })}>
              {genericPanelActions[1]}
            </Button>
          </>
        )}
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="sleuth-transfers-empty" data-testid="transfers-empty">
        <p>{filtered ? transferMessages.filteredEmpty : transferMessages.empty}</p>
        {filtered ? (
          <Button size="small" onClick={() => dispatch({ type: "filtersReset" })}>
            {transferMessages.resetFilters}
          </Button>
        ) : null}
      </div>
    );
  }

  const template = columns.map((column) => column.width).join(" ");
  return (
    <>
      <TransfersDownloadButton subject={subject} filters={state.filters} />
      <section className="sleuth-panel sleuth-transfers" aria-labelledby="transfers-title" ref={container}>
        <Heading as="h2" id="transfers-title" className="sleuth-panel-title">
          Transfers
        </Heading>
        <p id="transfers-subtitle" className="sleuth-muted sleuth-transfers-note">
          {state.jumpTo ? "Jumped: newest first from the chosen point. " : ""}
          {state.sort.column === "timestamp" ? "By time" : "By USD amount"},{" "}
          {state.sort.direction === "desc" ? "largest or newest first" : "smallest or oldest first"}. j/k
          move, Enter opens the transaction, o its counterparty.
        </p>
        <TransferFilterBar
          key={filterBarKey}
          filters={state.filters}
          chain={subject.kind === "address" ? subject.chain : null}
          jumpInputRef={jumpInput}
          counterpartyInputRef={counterpartyInput}
          dispatch={dispatch}
        />
        <div className="sleuth-transfers-scroll" {...bind}>
          {query.isPending ? (
            <Table.Skeleton
              aria-labelledby="transfers-title"
              columns={columns.map((column) => ({ header: column.header, width: column.width }))}
              rows={5}
              cellPadding="condensed"
            />
          ) : (
            (body ?? (
              <Table
                aria-labelledby="transfers-title"
                aria-describedby="transfers-subtitle"
                gridTemplateColumns={template}
                cellPadding="condensed"
                aria-busy={query.isFetching || undefined}
                data-testid="transfers-table"
                onKeyDown={(event) => {
                  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                    event.preventDefault();
                    move(event.key === "ArrowDown" ? 1 : -1);
                  }
                }}
              >
                <Table.Head>
                  <Table.Row>
                    {columns.map((column) => (
                      <Table.Header key={column.id} align={column.align}>
                        {sortHeader(column)}
                      </Table.Header>
                    ))}
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {rows.map((row, index) => (
                    <Table.Row
                      // biome-ignore lint/suspicious/noArrayIndexKey: one transaction may give a page several alike rows (a payment to many); the page is replaced whole, so the position tells them apart.
                      key={`${index} ${row.transactionUrn}`}
                      className="sleuth-transfer-row"
                    >
                      {columns.map((column) => (
                        <Table.Cell key={column.id} align={column.align}>
                          {column.cell(row)}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            ))
          )}
        </div>
        <nav className="sleuth-transfer-pages" aria-label="Transfer pages">
          <Button
            size="small"
            disabled={!meta?.previousCursor}
            onClick={() => page(meta?.previousCursor)}
            trailingVisual={undefined}
          >
            Previous page
          </Button>
          <Button size="small" disabled={!meta?.nextCursor} onClick={() => page(meta?.nextCursor)}>
            Next page
          </Button>
        </nav>
      </section>
    </>
  );
}
