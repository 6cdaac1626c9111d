import {
  type CategoryAddressRow,
  type CategoryDailyRow,
  type CounterpartyRow,
  counterpartyNameKindText,
  counterpartyRowName,
  counterpartyTotalText,
  type DailyFlow,
  formatFlowUsd,
  formatPercentage,
  formatUtc,
  type OwnershipCategory,
  type RiskDailyRow,
  type RiskIndicatorRow,
  type RiskRatioDailyRow,
  riskLabelOf,
  riskVolumeText,
  usdFloorText,
  utcDatePattern,
} from "@sleuth/sdk";
import type { Column } from "../output/table.ts";

const count = (value: number) => value.toLocaleString("en-US");

export const counterpartyColumns: Column<CounterpartyRow>[] = [
  // Issue 39: the SDK's one rule names it; its kind (entity, or label and source) beside it.
  { header: "counterparty", value: (row) => counterpartyRowName(row)?.name ?? row.counterpartyUrn },
  {
    header: "named by",
    value: (row) => {
      const name = counterpartyRowName(row);
      return name ? counterpartyNameKindText(name) : "—";
    },
  },
  { header: "category", value: (row) => row.category ?? "—" },
  {
    header: "risk",
    value: (row) => (row.category ? (riskLabelOf(row.categoryRiskScoreLevel) ?? "None") : "—"),
  },
  { header: "received", value: (row) => formatFlowUsd(row.incomingVolumeUsd), align: "right", shrink: false },
  { header: "sent", value: (row) => formatFlowUsd(row.outgoingVolumeUsd), align: "right", shrink: false },
  // Issue 43: a partly priced total says it is a lower bound (the SDK's usdTotalText).
  { header: "total", value: (row) => counterpartyTotalText(row), align: "right" },
  { header: "transfers", value: (row) => count(row.totalTransfers), align: "right", shrink: false },
  { header: "last", value: (row) => formatUtc(row.lastTransferAt, utcDatePattern), shrink: false },
  { header: "urn", value: (row) => row.counterpartyUrn },
];

export const dailyFlowColumns: Column<DailyFlow>[] = [
  { header: "date", value: (row) => row.date, shrink: false },
  { header: "received", value: (row) => formatFlowUsd(row.incomingVolumeUsd), align: "right", shrink: false },
  { header: "sent", value: (row) => formatFlowUsd(row.outgoingVolumeUsd), align: "right", shrink: false },
  { header: "in", value: (row) => count(row.incomingTransfers), align: "right", shrink: false },
  { header: "out", value: (row) => count(row.outgoingTransfers), align: "right", shrink: false },
];

// Issue 43: an exposure side with unpriced transfers is a floor, or unknown (never "$0.00").
const exposureSides = <Row extends RiskDailyRow | CategoryDailyRow>(): Column<Row>[] => [
  {
    header: "received",
    value: (row) => usdFloorText(row.incomingVolumeUsd, row.incomingUnpriced),
    align: "right",
    shrink: false,
  },
  {
    header: "sent",
    value: (row) => usdFloorText(row.outgoingVolumeUsd, row.outgoingUnpriced),
    align: "right",
    shrink: false,
  },
];

export const categoryDailyColumns: Column<CategoryDailyRow>[] = [
  { header: "date", value: (row) => row.date, shrink: false },
  { header: "category", value: (row) => row.category },
  ...exposureSides<CategoryDailyRow>(),
];

export const riskDailyColumns: Column<RiskDailyRow>[] = [
  { header: "date", value: (row) => row.date, shrink: false },
  { header: "risk", value: (row) => row.riskLabel },
  ...exposureSides<RiskDailyRow>(),
];

export const riskRatioColumns: Column<RiskRatioDailyRow>[] = [
  { header: "date", value: (row) => row.date, shrink: false },
  { header: "risk", value: (row) => row.riskLabel },
  {
    header: "received",
    value: (row) => formatPercentage(row.incomingPercentage),
    align: "right",
    shrink: false,
  },
  { header: "sent", value: (row) => formatPercentage(row.outgoingPercentage), align: "right", shrink: false },
  { header: "total", value: (row) => formatPercentage(row.totalPercentage), align: "right", shrink: false },
];

export const ownershipCategoryColumns: Column<OwnershipCategory>[] = [
  { header: "id", value: (row) => String(row.categoryId), align: "right", shrink: false },
  { header: "category", value: (row) => row.category },
  { header: "addresses", value: (row) => count(row.addresses), align: "right", shrink: false },
  { header: "volume", value: (row) => formatFlowUsd(row.totalVolumeUsd), align: "right", shrink: false },
];

export const ownedAddressColumns: Column<CategoryAddressRow>[] = [
  { header: "address", value: (row) => row.addressChainUrn },
  { header: "labels", value: (row) => row.addressLabelsMini.join(", ") || "—" },
  { header: "volume", value: (row) => formatFlowUsd(row.totalVolumeUsd), align: "right", shrink: false },
  { header: "balance", value: (row) => formatFlowUsd(row.balanceAmountUsd), align: "right", shrink: false },
  {
    header: "last",
    value: (row) => (row.lastActiveDate ? formatUtc(row.lastActiveDate, utcDatePattern) : "—"),
    shrink: false,
  },
];

/** 001 §3 risk rows; volumes read as the console's (a floor or unknown with unpriced transfers). */
export const riskIndicatorColumns: Column<RiskIndicatorRow>[] = [
  { header: "category", value: (row) => row.category },
  { header: "risk", value: (row) => riskLabelOf(row.categoryRiskScoreLevel) ?? "No risk", shrink: false },
  { header: "level", value: (row) => String(row.categoryRiskScoreLevel), align: "right", shrink: false },
  { header: "type", value: (row) => row.riskType, shrink: false },
  {
    header: "instances",
    value: (row) => row.instances.toLocaleString("en-US"),
    align: "right",
    shrink: false,
  },
  { header: "volume", value: (row) => riskVolumeText(row, "total"), align: "right" },
  { header: "share", value: (row) => formatPercentage(row.totalPercentage), align: "right", shrink: false },
];
