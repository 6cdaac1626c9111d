import {
  formatMoney,
  formatPortfolioValue,
  formatUtc,
  type MetricsSummary,
  missingValueText,
  utcDatePattern,
} from "@sleuth/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import { DataPanel } from "./DataPanel.tsx";
import { DetailsList } from "./DetailsList.tsx";

const number = (value: number | undefined) =>
  value === undefined ? missingValueText : value.toLocaleString("en-US");
const money = (value: number | undefined) => (value === undefined ? missingValueText : formatMoney(value));
const date = (value: string | null) => (value === null ? missingValueText : formatUtc(value, utcDatePattern));

/** The 000 §3 metrics summary of an address, entity or custom entity, as a description list. */
export function MetricsList({
  metrics,
  showAddressCount,
}: {
  metrics: MetricsSummary;
  showAddressCount: boolean;
}) {
  const entries: [string, string][] = [
    [
      "Balance",
      metrics.balanceAmountUsd === undefined
        ? missingValueText
        : formatPortfolioValue(metrics.balanceAmountUsd, { estimated: metrics.isBalanceEstimated ?? false }),
    ],
    ["Total volume", money(metrics.totalVolumeUsd)],
    ["Received", money(metrics.incomingVolumeUsd)],
    ["Sent", money(metrics.outgoingVolumeUsd)],
    ["Transfers", number(metrics.totalTransfers)],
    ["Assets", number(metrics.totalUniqueAssets)],
    ...(showAddressCount ? ([["Addresses", number(metrics.addressCount)]] as [string, string][]) : []),
    ["First active", date(metrics.firstActiveDate)],
    ["Last active", date(metrics.lastActiveDate)],
  ];
  return <DetailsList entries={entries} testId="metrics" />;
}

/** The Activity panel of an explorer page: its 000 §3 metrics, or `emptyText` when it has none. */
export function ActivityPanel({
  query,
  showAddressCount,
  emptyText,
}: {
  query: UseQueryResult<MetricsSummary | null | undefined>;
  showAddressCount: boolean;
  emptyText: string;
}) {
  return (
    <DataPanel title="Activity" query={query}>
      {(data) =>
        data ? (
          <MetricsList metrics={data} showAddressCount={showAddressCount} />
        ) : (
          <p className="sleuth-muted">{emptyText}</p>
        )
      }
    </DataPanel>
  );
}
