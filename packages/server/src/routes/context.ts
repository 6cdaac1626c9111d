import type { ServerConfig } from "../config.ts";
import type { ExportWorker } from "../exports/index.ts";
import type { Store } from "../store/index.ts";

/** What every route module is registered with. */
export interface RouteContext {
  store: Store;
  config: ServerConfig;
  /** The background worker in this process, woken when a job is queued (null: none runs here). */
  exportWorker?: ExportWorker | null;
}
