export { TransfersPane } from "./TransfersPane.tsx";
