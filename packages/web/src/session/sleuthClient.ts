import { createFetchTransport, SleuthClient } from "@sleuth/sdk";
import { busyServerWatcher } from "./busyServer.ts";

// The console is served by the API server itself (and proxied by Vite in development), so every
// call goes to the same origin and the http-only session cookie rides along.
export const sleuthClient = new SleuthClient({
  baseUrl: "",
  transport: createFetchTransport({ credentials: "same-origin", retryWatcher: busyServerWatcher }),
});
