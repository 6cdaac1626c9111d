import {
  countText,
  dateText,
  formatPortfolioValue,
  type MetricsSummary,
  missingValueText,
  moneyText,
  unknownBalanceText,
  unknownUsdText,
  usdTotalText,
} from "@sleuth/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import { DataPanel } from "./DataPanel.tsx";
import { DetailsList } from "./DetailsList.tsx";

/**
 * Issue 43: a volume reads as money when every transfer it sums has a price, as the SDK's total
 * wording when some have none, and as unknown (never "$0.00") when none has one.
 */
function volumeText(
  usd: number | null | undefined,
  transfers: number | undefined,
  unpriced: number | undefined,
): string {
  if (usd === undefined) return missingValueText;
  // Nothing moved that way: nothing to price, and "$0.00" would read as a price of nothing.
  if (transfers === 0) return "none";
  if (transfers !== undefined && unpriced !== undefined && unpriced > 0)
    return usdTotalText({ usd, transfers, unpriced });
  return usd === null ? unknownUsdText : moneyText(usd);
}

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
        : metrics.balanceAmountUsd === null
          ? unknownBalanceText(metrics.activeUniqueAssets)
          : formatPortfolioValue(metrics.balanceAmountUsd, {
              estimated: metrics.isBalanceEstimated ?? false,
            }),
    ],
    ["Total volume", volumeText(metrics.totalVolumeUsd, metrics.totalTransfers, metrics.unpricedTransfers)],
    ["Received", volumeText(metrics.incomingVolumeUsd, metrics.incomingTransfers, undefined)],
    ["Sent", volumeText(metrics.outgoingVolumeUsd, metrics.outgoingTransfers, undefined)],
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
