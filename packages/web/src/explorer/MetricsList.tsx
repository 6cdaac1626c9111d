import {
  countText,
  dateText,
  formatPortfolioValue,
  type MetricsSummary,
  missingValueText,
  moneyText,
} from "@sleuth/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import { DataPanel } from "./DataPanel.tsx";
import { DetailsList } from "./DetailsList.tsx";

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
    ["Total volume", moneyText(metrics.totalVolumeUsd)],
    ["Received", moneyText(metrics.incomingVolumeUsd)],
    ["Sent", moneyText(metrics.outgoingVolumeUsd)],
    ["Transfers", countText(metrics.totalTransfers)],
    ["Assets", countText(metrics.totalUniqueAssets)],
    ...(showAddressCount ? ([["Addresses", countText(metrics.addressCount)]] as [string, string][]) : []),
    ["First active", dateText(metrics.firstActiveDate)],
    ["Last active", dateText(metrics.lastActiveDate)],
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
