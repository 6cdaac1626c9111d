import type { ServerConfig } from "../config.ts";
import type { ExportWorker } from "../downloads/exportWorker.ts";
import type { ChainFollower } from "../follower/chainFollower.ts";
import type { ImportWorker } from "../importers/importWorker.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import type { Store } from "../store/store.ts";

/** What every route module is registered with. */
export interface RouteContext {
  /** The primary: every write, and the organization's own objects (cases, flags, sessions, jobs…). */
  store: Store;
  /**
   * Where the analytics reads go (transfers, summaries, flows, search, graph reads): a streaming
   * replica of the primary when DATABASE_REPLICA_URL is set, else the primary itself.
   */
  readStore: Store;
  config: ServerConfig;
  /** The background worker in this process, woken when a job is queued (null: none runs here). */
  exportWorker?: ExportWorker | null;
  /** Issue 46: the import worker in this process (null: none runs here). */
  importWorker?: ImportWorker | null;
  /** Issue 40: how events write their notifications, and a nudge to the worker once they commit. */
  notifier: Notifier;
  /** Issue 46: this process's Ethereum follower (null: none runs here). */
  follower?: ChainFollower | null;
}

export interface Notifier extends DeliverySettings {
  /** Wakes this process's notification worker (after the transaction that queued something). */
  kick(): void;
}
