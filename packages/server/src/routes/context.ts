import type { ServerConfig } from "../config.ts";
import type { Store } from "../store/index.ts";

/** What every route module is registered with. */
export interface RouteContext {
  store: Store;
  config: ServerConfig;
}
