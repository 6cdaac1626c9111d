import { CategoriesPane } from "../explorer/CategoriesPane.tsx";
import { OwnershipPane } from "../explorer/OwnershipPane.tsx";
import { CounterpartiesPane } from "../flows/CounterpartiesPane.tsx";
import { ExposurePane } from "../flows/ExposurePane.tsx";
import { HoldingsPane } from "../flows/HoldingsPane.tsx";
import { IpsPane } from "../flows/IpsPane.tsx";
import { RiskPane } from "../flows/RiskPane.tsx";
import { ScamReportsPane } from "../flows/ScamReportsPane.tsx";
import { TransfersPane } from "../transfers/TransfersPane.tsx";
import type { SubjectPane } from "./subjectPane.ts";

// The panes of each subject page, in tab order after the summary. Adding a pane is one line here.

export const addressPanes: readonly SubjectPane[] = [
  { id: "transfers", title: "Transfers", Component: TransfersPane },
  { id: "counterparties", title: "Counterparties", Component: CounterpartiesPane },
  { id: "exposure", title: "Exposure", Component: ExposurePane },
  { id: "risk", title: "Risk", Component: RiskPane },
  { id: "holdings", title: "Holdings", Component: HoldingsPane },
  { id: "ips", title: "IPs", Component: IpsPane },
  { id: "scam-reports", title: "Scam reports", Component: ScamReportsPane },
  { id: "categories", title: "Categories", Component: CategoriesPane },
  { id: "ownership", title: "Owned addresses", Component: OwnershipPane },
];

export const entityPanes: readonly SubjectPane[] = [
  { id: "transfers", title: "Transfers", Component: TransfersPane },
  { id: "counterparties", title: "Counterparties", Component: CounterpartiesPane },
  { id: "exposure", title: "Exposure", Component: ExposurePane },
  { id: "risk", title: "Risk", Component: RiskPane },
  { id: "holdings", title: "Holdings", Component: HoldingsPane },
  { id: "scam-reports", title: "Scam reports", Component: ScamReportsPane },
  { id: "categories", title: "Categories", Component: CategoriesPane },
  { id: "ownership", title: "Owned addresses", Component: OwnershipPane },
];

export const customEntityPanes: readonly SubjectPane[] = [
  { id: "transfers", title: "Transfers", Component: TransfersPane },
  { id: "counterparties", title: "Counterparties", Component: CounterpartiesPane },
  { id: "exposure", title: "Exposure", Component: ExposurePane },
  { id: "risk", title: "Risk", Component: RiskPane },
  { id: "holdings", title: "Holdings", Component: HoldingsPane },
  { id: "categories", title: "Categories", Component: CategoriesPane },
  { id: "ownership", title: "Owned addresses", Component: OwnershipPane },
];
