import type { Browser } from "playwright";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { type Anvil, startAnvil } from "../helpers/anvil.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { sharedChromium } from "./chromium.ts";

/**
 * Issue 46 in the console: a real node (anvil), a server serving the built console whose follower
 * polls the node briskly, and the worker's Chromium, started side by side.
 */
export async function startFollowerConsole(): Promise<{
  anvil: Anvil;
  server: TestServer;
  browser: Browser;
}> {
  ensureConsoleBuilt();
  const [anvil, server, browser] = await Promise.all([
    startAnvil(),
    startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: webDist, SLEUTH_ETHEREUM_POLL_MS: "20" } }),
    sharedChromium(),
  ]);
  return { anvil, server, browser };
}
