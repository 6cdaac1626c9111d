import "./flows.css";

export { CounterpartiesPane } from "./CounterpartiesPane.tsx";
export { ExposurePane } from "./ExposurePane.tsx";
export { HoldingsPane } from "./HoldingsPane.tsx";
export { IpsPane } from "./IpsPane.tsx";
export { RiskPane } from "./RiskPane.tsx";
export { ScamReportsPane } from "./ScamReportsPane.tsx";
