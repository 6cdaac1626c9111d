import { describeExportCrash } from "./exportCrashScenario.ts";

// Issue 29 "Reliability" on PGlite in a data directory: the scenario is in exportCrashScenario.ts.
describeExportCrash("pglite");
