export { triageReportMaxCounterparties, triageReportRows } from "./reportRows.ts";
