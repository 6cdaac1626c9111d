import { Button, FormControl, Select } from "@primer/react";
import {
  addressUrnOfText,
  type CategoryAddressRow,
  displayAddress,
  filterMessages,
  flowMessages,
  formatFlowUsd,
  formatUtc,
  type OwnershipAddressesRequest,
  type OwnershipAddressFilters,
  ownershipAddressSortFields,
  pageSizes,
  parseUrn,
  rangeOnlyOperators,
  subjectFieldsFor,
  utcDatePattern,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { DownloadCsvButton } from "../downloads/DownloadCsvButton.tsx";
import { useDownloadCommand } from "../downloads/useDownloadCommands.ts";
import { ownershipAddressesDownload } from "../flows/flowDownloads.ts";
import { SubjectLink } from "../flows/SubjectLink.tsx";
import { useRowKeys } from "../flows/useRowKeys.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HeaderFilterBar, type HeaderFilterField, useHeaderFilters } from "../tables/HeaderFilterBar.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { DataPanel } from "./DataPanel.tsx";

const group = "Owned addresses";
const minute = 60_000;
const pageSize = pageSizes.categoryAddresses;

/** 000 §5 header filters of the named columns (the SDK's ownershipAddressFiltersSchema). */
const headerFilterFields: readonly HeaderFilterField<OwnershipAddressFilters>[] = [
  {
    kind: "urn",
    key: "addressUrn",
    label: "Address",
    placeholder: "pasted URN, Enter",
    testId: "ownership-urn-filter",
    notUrnMessage: filterMessages.notAddressUrn,
    toUrn: addressUrnOfText,
  },
  {
    kind: "number",
    key: "totalVolumeUsd",
    label: "Total USD",
    testId: "ownership-volume-filter",
    operators: rangeOnlyOperators,
  },
  {
    kind: "number",
    key: "balanceAmountUsd",
    label: "Balance USD",
    testId: "ownership-balance-filter",
    operators: rangeOnlyOperators,
  },
  {
    kind: "number",
    key: "uniqueAssetAllCount",
    label: "Assets ever held",
    testId: "ownership-assets-filter",
  },
];

type Sort = NonNullable<OwnershipAddressesRequest["sort"]>;
type SortField = (typeof ownershipAddressSortFields)[number];

const sortLabels: Record<SortField, string> = {
  totalVolumeUsd: "Total volume",
  incomingVolumeUsd: "Incoming volume",
  outgoingVolumeUsd: "Outgoing volume",
  balanceAmountUsd: "Balance",
  lastActiveDate: "Last active",
};

/** What `s` steps through: each sort field, largest (or latest) first. */
const sorts: readonly { field: SortField; direction: "desc" }[] = ownershipAddressSortFields.map((field) => ({
  field,
  direction: "desc" as const,
}));

function OwnedAddressRows({ rows, category }: { rows: readonly CategoryAddressRow[]; category: string }) {
  return (
    <table className="sleuth-flow-table" data-testid="ownership-addresses-table">
      <caption>{`Addresses owned as ${category}`}</caption>
      <thead>
        <tr>
          <th scope="col">Address</th>
          <th scope="col">Chain</th>
          <th scope="col">Labels</th>
          <th scope="col" className="sleuth-num">
            Total volume
          </th>
          <th scope="col" className="sleuth-num">
            Incoming
          </th>
          <th scope="col" className="sleuth-num">
            Outgoing
          </th>
          <th scope="col" className="sleuth-num">
            Balance
          </th>
          <th scope="col" className="sleuth-num">
            Assets (active / all)
          </th>
          <th scope="col">First active</th>
          <th scope="col">Last active</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const parts = parseUrn(row.addressChainUrn);
          const address =
            parts?.kind === "address" ? displayAddress(parts.chain, parts.address) : row.addressChainUrn;
          return (
            <tr key={row.addressChainUrn}>
              <td className="sleuth-nowrap">
                {/* The row's focus target (j/k): Enter opens the address. */}
                <SubjectLink urn={row.addressChainUrn} plotUrns={[row.addressChainUrn]}>
                  <span className="sleuth-mono" title={address}>
                    {address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address}
                  </span>
                </SubjectLink>
              </td>
              <td>{row.chain}</td>
              <td className="sleuth-nowrap">{row.addressLabelsMini.join(", ") || "—"}</td>
              <td className="sleuth-num">{formatFlowUsd(row.totalVolumeUsd)}</td>
              <td className="sleuth-num">{formatFlowUsd(row.incomingVolumeUsd)}</td>
              <td className="sleuth-num">{formatFlowUsd(row.outgoingVolumeUsd)}</td>
              <td className="sleuth-num">{formatFlowUsd(row.balanceAmountUsd)}</td>
              <td className="sleuth-num">{`${row.uniqueAssetActiveCount} / ${row.uniqueAssetAllCount}`}</td>
              <td className="sleuth-nowrap">
                {row.firstActiveDate ? formatUtc(row.firstActiveDate, utcDatePattern) : "—"}
              </td>
              <td className="sleuth-nowrap">
                {row.lastActiveDate ? formatUtc(row.lastActiveDate, utcDatePattern) : "—"}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * 001 §2 category addresses table: the subject's own addresses of one ownership category (chosen
 * among the categories they carry), 001 §9's 25 a page, in the chosen order; each row one Enter
 * from its address, the whole table one `D` from the Download CSV modal.
 */
export function OwnershipPane({ subject }: { subject: Subject }) {
  const fields = subjectFieldsFor(subject.kind, subject.urn);
  const categories = useQuery({
    queryKey: ["flows", "ownership-categories", subject.urn],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flows.ownershipCategories(subject.kind, fields, { signal }),
    staleTime: minute,
  });
  const list = categories.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [sort, setSort] = useState<Sort>(sorts[0] ?? { field: "totalVolumeUsd", direction: "desc" });
  const [offset, setOffset] = useState(0);
  const header = useHeaderFilters<OwnershipAddressFilters>(() => setOffset(0));
  const filters = header.filters;
  const urnInput = useRef<HTMLInputElement>(null);
  // 001 §4: filters reset when the subject changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subject is what resets them.
  useEffect(() => {
    setChosen(null);
    setOffset(0);
    header.reset();
  }, [subject.urn]);
  const category = list.find((entry) => entry.categoryId === chosen) ?? list[0] ?? null;
  const addresses = useQuery({
    queryKey: ["flows", "ownership-addresses", subject.urn, category?.categoryId, sort, filters, offset],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.flows.ownershipAddresses(
        subject.kind,
        { ...fields, ownershipCategoryId: category?.categoryId ?? 0, sort, filters, limit: pageSize, offset },
        { signal },
      ),
    enabled: category !== null,
    staleTime: minute,
  });
  // Under header filters the category's count no longer holds: a full page may have a next one.
  const total = category?.addresses ?? 0;
  const hasNext = header.active ? (addresses.data?.length ?? 0) === pageSize : offset + pageSize < total;
  const choose = (id: number) => {
    setChosen(id);
    setOffset(0);
  };
  const stepCategory = (by: number) => {
    if (list.length === 0 || !category) return;
    const index = list.findIndex((entry) => entry.categoryId === category.categoryId);
    const target = list[(index + by + list.length) % list.length];
    if (target) choose(target.categoryId);
  };
  const cycleSort = () => {
    const index = sorts.findIndex((entry) => entry.field === sort.field);
    const next = sorts[(index + 1) % sorts.length];
    if (next) setSort(next);
    setOffset(0);
  };
  const download = category ? ownershipAddressesDownload(subject, category, sort, filters) : null;
  useDownloadCommand(download);
  useRowKeys(group);
  useCommands([
    {
      id: "ownership.next",
      title: "Next ownership category",
      group,
      keys: "w",
      run: () => stepCategory(1),
    },
    {
      id: "ownership.previous",
      title: "Previous ownership category",
      group,
      keys: "b",
      run: () => stepCategory(-1),
    },
    {
      id: "ownership.sort",
      title: "Change the owned addresses' order",
      group,
      keys: "s",
      keywords: ["sort", "volume", "balance"],
      run: cycleSort,
    },
    {
      id: "ownership.nextPage",
      title: "Next page of owned addresses",
      group,
      keys: "n",
      run: () => {
        if (hasNext) setOffset(offset + pageSize);
      },
    },
    {
      id: "ownership.previousPage",
      title: "Previous page of owned addresses",
      group,
      keys: "p",
      run: () => setOffset(Math.max(0, offset - pageSize)),
    },
    {
      id: "ownership.filter",
      title: "Filter owned addresses…",
      group,
      keys: "f",
      keywords: ["urn", "volume", "balance", "assets"],
      // The address box; Tab reaches the number filters.
      run: () => urnInput.current?.focus(),
    },
    {
      id: "ownership.reset",
      title: "Reset filters",
      group,
      keys: "x",
      run: () => {
        header.reset();
        setOffset(0);
      },
    },
  ]);
  return (
    <DataPanel title="Ownership categories" query={categories}>
      {(data) =>
        data.length === 0 || !category ? (
          <div className="sleuth-pane-empty" data-testid="ownership-empty">
            <p>{flowMessages.noOwnershipCategories}</p>
          </div>
        ) : (
          <>
            <div className="sleuth-pane-toolbar">
              <FormControl>
                <FormControl.Label>Ownership category</FormControl.Label>
                <Select
                  value={String(category.categoryId)}
                  onChange={(event) => choose(Number(event.target.value))}
                  data-testid="ownership-select"
                >
                  {data.map((entry) => (
                    <Select.Option key={entry.categoryId} value={String(entry.categoryId)}>
                      {`${entry.category} · ${entry.addresses.toLocaleString("en-US")} ${entry.addresses === 1 ? "address" : "addresses"} · ${formatFlowUsd(entry.totalVolumeUsd)}`}
                    </Select.Option>
                  ))}
                </Select>
              </FormControl>
              <FormControl>
                <FormControl.Label>Order</FormControl.Label>
                <Select
                  value={sort.field}
                  onChange={(event) => {
                    setSort({ field: event.target.value as SortField, direction: "desc" });
                    setOffset(0);
                  }}
                  data-testid="ownership-sort"
                >
                  {sorts.map((entry) => (
                    <Select.Option key={entry.field} value={entry.field}>
                      {`${sortLabels[entry.field]}, ${entry.field === "lastActiveDate" ? "latest" : "largest"} first`}
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
                {download ? <DownloadCsvButton target={download} /> : null}
              </HeaderFilterBar>
            </div>
            <DataPanel title={category.category} query={addresses}>
              {(rows) =>
                rows.length === 0 ? (
                  <div className="sleuth-pane-empty" data-testid="ownership-addresses-empty">
                    <p>
                      {header.active ? flowMessages.noOwnedAddressesFiltered : flowMessages.noOwnedAddresses}
                    </p>
                    {header.active ? (
                      <Button
                        size="small"
                        onClick={() => {
                          header.reset();
                          setOffset(0);
                        }}
                      >
                        Reset filters
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <OwnedAddressRows rows={rows} category={category.category} />
                )
              }
            </DataPanel>
            <div className="sleuth-pane-pager">
              <Button
                size="small"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - pageSize))}
              >
                Previous
              </Button>
              <span data-testid="ownership-page">
                {header.active
                  ? `Page ${(offset / pageSize + 1).toLocaleString("en-US")}`
                  : `${(offset + 1).toLocaleString("en-US")}–${Math.min(offset + pageSize, total).toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`}
              </span>
              <Button size="small" disabled={!hasNext} onClick={() => setOffset(offset + pageSize)}>
                Next
              </Button>
            </div>
          </>
        )
      }
    </DataPanel>
  );
}
