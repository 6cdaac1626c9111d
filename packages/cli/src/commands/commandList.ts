import type { Command } from "commander";
import type { CliIo } from "../io.ts";
import { registerAdmin } from "./admin.ts";
import { registerBatch } from "./batch.ts";
import { registerCases } from "./cases.ts";
import { registerConfig } from "./config.ts";
import { registerCounterparties } from "./counterparties.ts";
import { registerDetectors } from "./detectors.ts";
import { registerEntities } from "./entities.ts";
import { registerExport } from "./export.ts";
import { registerExposure } from "./exposure.ts";
import { registerFlags } from "./flags.ts";
import { registerGraph } from "./graph.ts";
import { registerImport } from "./import.ts";
import { registerIngest } from "./ingest.ts";
import { registerJobs } from "./jobs.ts";
import { registerLogin } from "./login.ts";
import { registerLogout } from "./logout.ts";
import { registerOrg } from "./org.ts";
import { registerOwnership } from "./ownership.ts";
import { registerRisk } from "./risk.ts";
import { registerScan } from "./scan.ts";
import { registerSearch } from "./search.ts";
import { registerTrace } from "./trace.ts";
import { registerTransfers } from "./transfers.ts";
import { registerTriage } from "./triage.ts";
import { registerWhoami } from "./whoami.ts";

export type RegisterCommand = (program: Command, io: CliIo) => void;

/** Every top-level command, in the order `sleuth --help` lists them. A new command adds one line. */
export const commands: readonly RegisterCommand[] = [
  registerLogin,
  registerLogout,
  registerWhoami,
  registerOrg,
  registerSearch,
  registerScan,
  registerTriage,
  registerDetectors,
  registerBatch,
  registerCounterparties,
  registerExposure,
  registerOwnership,
  registerRisk,
  registerEntities,
  registerImport,
  registerIngest,
  registerExport,
  registerJobs,
  registerTransfers,
  registerCases,
  registerFlags,
  registerGraph,
  registerTrace,
  registerConfig,
  registerAdmin,
];
