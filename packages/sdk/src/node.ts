// Node-only entry (`@sleuth/sdk/node`): the got transport and a ready client for the CLI, scripts and
// tests, and the atomic file write the CLI and the server share. Kept apart so the browser bundle
// never pulls in got or node:fs.

import { createGotTransport } from "./client/gotTransport.ts";
import { type ClientConfig, HttpCore } from "./client/httpCore.ts";
import { SleuthClient } from "./client/sleuthClient.ts";

export { createGotTransport } from "./client/gotTransport.ts";

export function createNodeClient(
  config: Omit<ClientConfig, "transport"> & Partial<Pick<ClientConfig, "transport">>,
) {
  return new SleuthClient({ ...config, transport: config.transport ?? createGotTransport() });
}

export { partialFileSuffix, writeFileAtomically } from "./files/atomicFile.ts";
export { HttpCore };
