/// <reference lib="dom" />
// Pictures of large traces as the console lays them out (issue 39 "Traces you can read": judged by
// looking at 250- and 1,000-node traces). Not a benchmark: nothing is timed or written to docs/.
//   node scripts/bench/traceScreens.ts <folder>          250 and 1000 nodes
//   node scripts/bench/traceScreens.ts <folder> 400       other sizes
// For each size: the whole trace fitted to the window, then its middle zoomed in twice.
import { mkdirSync } from "node:fs";
import { ensureRollups, migrate, openPgliteStore, seedDemoAccounts } from "@sleuth/server";
import { launchChromium } from "../../tests/browser/chromium.ts";
import { ensureConsoleBuilt, webDist } from "../lib/consoleBuild.ts";
import { signedInDemoPage } from "./benchBrowser.ts";
import { startBenchServer } from "./benchServer.ts";
import { panGraphDocument, syntheticTrace } from "./syntheticGraph.ts";

const [folder, ...sizes] = process.argv.slice(2);
if (!folder) throw new Error("usage: node scripts/bench/traceScreens.ts <folder> [node counts…]");
mkdirSync(folder, { recursive: true });
const counts = sizes.length > 0 ? sizes.map(Number) : [250, 1_000];

ensureConsoleBuilt();
// The graphs need no demo world: an empty store with the demo accounts.
const store = await openPgliteStore({});
await migrate(store);
await ensureRollups(store);
await seedDemoAccounts(store);
const server = await startBenchServer(store, { SLEUTH_DEMO: "1", SLEUTH_WEB_DIST: webDist });
const browser = await launchChromium();
try {
  for (const count of counts) {
    const saved = await server.client.graphs.create({
      name: `Trace of ${count} nodes`,
      document: panGraphDocument(syntheticTrace(count)),
    });
    const { context, page } = await signedInDemoPage(browser, server.baseUrl, { width: 1400, height: 900 });
    await page.goto(`${server.baseUrl}/graph?graphId=${saved.graphId}`);
    await page
      .getByTestId("graph-summary")
      .filter({ hasText: new RegExp(`^${count.toLocaleString("en-US")} nodes`) })
      .waitFor({ timeout: 60_000 });
    // The console's own layout (l, the worker), then its fit: what a trace of this size looks like.
    await page.getByRole("heading", { level: 1 }).focus();
    await page.keyboard.press("l");
    await page
      .getByText(/^Laying out/)
      .waitFor({ state: "detached", timeout: 60_000 })
      .catch(() => {});
    await page.waitForFunction(
      () => document.querySelector(".sleuth-graph-canvas")?.getAttribute("aria-busy") !== "true",
    );
    await page.keyboard.press("f");
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: `${folder}/trace-${count}-whole.png` });
    // The graph page has no zoom key: the wheel over the middle of the canvas, as a person zooms.
    const canvas = await page.locator(".sleuth-graph-canvas").boundingBox();
    if (!canvas) throw new Error("no graph canvas");
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    for (const step of [1, 2]) {
      for (let notch = 0; notch < 5; notch++) await page.mouse.wheel(0, -120);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${folder}/trace-${count}-zoomed-${step}.png` });
    }
    await context.close();
    console.error(`trace-${count}: ${folder}/trace-${count}-*.png`);
  }
} finally {
  await browser.close();
  await server.close();
  await store.close();
}
