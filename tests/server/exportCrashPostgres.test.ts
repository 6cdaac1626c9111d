import { describeExportCrash } from "./exportCrashScenario.ts";

// Issue 29 "Reliability" on PostgreSQL: the scenario is in exportCrashScenario.ts.
describeExportCrash("postgres");
