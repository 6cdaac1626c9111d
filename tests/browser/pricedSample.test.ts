import { readFileSync } from "node:fs";
import { addressChainUrn, formatMoney, type SleuthClient, usdTotalText } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { busiestAddressOf, sample2017File } from "../helpers/pricedSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { signInAsDemo } from "./keyboard.ts";

// Issue 43 "Done when", in the console: the real 2017 ethereum-etl sample imported without prices,
// its busiest address opened by keyboard alone: no "$0.00" anywhere, and the page says why; then
// with ETH prices (the fixture's invented values in Coin Metrics' layout), its total volume in money.
// With SLEUTH_SCREENSHOTS=<dir> both pages are also saved as PNGs there.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let client: SleuthClient;
let busiest: string;
const screenshots = process.env.SLEUTH_SCREENSHOTS;
const pricesFile = new URL("../../packages/server/fixtures/sleuth/prices/eth.csv", import.meta.url);

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: webDist } });
  client = server.client({ token: await server.tokenFor(server.demo.user.email) });
  await client.imports.run("ethereum-etl", readFileSync(sample2017File, "utf8"));
  busiest = busiestAddressOf(sample2017File);
  browser = await sharedChromium();
}, 300_000);

afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
  await server?.close();
});

async function openBusiest(page: Page): Promise<void> {
  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type(busiest);
  const result = page.locator('[role="option"][data-kind="result"]').filter({ hasText: busiest.slice(-10) });
  await expect.poll(() => result.first().getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${server.baseUrl}/address/eth/${busiest}`);
}

describe("issue 43 the 2017 sample's busiest address, by keyboard alone", () => {
  test("issue 43 without prices the page shows no $0.00 and says why; with them, the total volume", async () => {
    const [metrics] = (await client.metrics.addresses([addressChainUrn("ethereum", busiest)])).data;
    const transfers = metrics!.totalTransfers!;
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    await openBusiest(page);
    const summary = page.getByTestId("metrics").first();
    await summary.waitFor();
    const why = usdTotalText({ usd: null, transfers, unpriced: transfers });
    await expect.poll(() => summary.textContent()).toContain(why);
    expect(await page.locator("body").textContent()).not.toContain("$0.00");
    if (screenshots) await page.screenshot({ path: `${screenshots}/priced-sample-without-prices.png` });

    await client.imports.run("prices", readFileSync(pricesFile, "utf8"), { source: "eth.csv" });
    const [priced] = (await client.metrics.addresses([addressChainUrn("ethereum", busiest)])).data;
    await page.reload();
    await summary.waitFor();
    await expect.poll(() => summary.textContent()).toContain(formatMoney(priced!.totalVolumeUsd!));
    expect(await summary.textContent()).not.toContain("no USD price");
    if (screenshots) await page.screenshot({ path: `${screenshots}/priced-sample-with-prices.png` });
  });
});
