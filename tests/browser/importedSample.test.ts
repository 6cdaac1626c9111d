import { readFileSync } from "node:fs";
import { addressChainUrn, type SleuthClient, type TransferRow } from "@sleuth/sdk";
import type { Browser, BrowserContext } from "playwright";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import {
  busiestSampleAddress,
  ethereumEtlSampleFiles as files,
  ethereumEtlFixtureDir as fixtureDir,
} from "../helpers/ethereumEtlSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { signInAsDemo } from "./keyboard.ts";

// Issue 27 "Done when", in the console: the real ethereum-etl sample imported (through the import
// route `sleuth import` calls; tests/cli/transfers.test.ts runs the CLI on the same files), then its
// busiest address read by keyboard alone: transfers, counterparties and exposure. No demo world.
// With SLEUTH_SCREENSHOTS=<dir> each pane is also saved as a PNG there.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
/** The busiest address by the files alone, and its first page as the API answers it. */
let busiest: string;
let firstPage: TransferRow[];
let client: SleuthClient;
const screenshots = process.env.SLEUTH_SCREENSHOTS;

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: webDist } });
  client = server.client({ token: await server.tokenFor(server.demo.user.email) });
  for (const file of files) {
    const imported = await client.imports.run("ethereum-etl", readFileSync(`${fixtureDir}${file}`, "utf8"));
    expect(imported.inserted).toBeGreaterThan(0);
  }
  busiest = busiestSampleAddress();
  firstPage = (await client.transfers.address({ addressChainUrn: addressChainUrn("ethereum", busiest) }))
    .data;
  browser = await sharedChromium();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
  await server?.close();
});

describe("issue 27 the imported ethereum-etl sample by keyboard alone", () => {
  test("001 §2 its busiest address shows its transfers, counterparties and exposure", async () => {
    expect(firstPage.length).toBeGreaterThan(0);
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type(busiest);
    const result = page
      .locator('[role="option"][data-kind="result"]')
      .filter({ hasText: busiest.slice(-10) });
    await expect.poll(() => result.first().getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.baseUrl}/address/eth/${busiest}`);

    // Transfers (2): the API's first page, row for row, newest first.
    await page.getByRole("tab", { name: "Transfers" }).waitFor();
    await page.keyboard.press("2");
    const table = page.getByTestId("transfers-table");
    await table.waitFor();
    const links = table.locator("[data-transfer-link]");
    await expect.poll(() => links.count()).toBe(firstPage.length);
    const hashes = (await links.evaluateAll((elements) => elements.map((e) => e.getAttribute("title")))).map(
      (hash) => hash?.toLowerCase(),
    );
    expect(hashes).toEqual(firstPage.map((row) => row.transactionUrn.split(":").pop()?.toLowerCase()));
    // A transfer with no USD price says so rather than showing $0.00 (the "$0.00 volume").
    const unpriced = firstPage.filter((row) => row.relevantAmountUsd === null).length;
    expect(await table.locator('[title="No USD price for this asset that day"]').count()).toBe(unpriced);
    if (screenshots) await page.screenshot({ path: `${screenshots}/imported-transfers.png` });

    // Counterparties (3): as many rows as the summary's first page.
    const counterparties = await client.flows.counterpartySummary("address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
    });
    expect(counterparties.rows.length).toBeGreaterThan(0);
    await page.keyboard.press("3");
    const counterpartyTable = page.getByTestId("counterparties-table");
    await counterpartyTable.waitFor();
    await expect.poll(() => counterpartyTable.locator("tbody tr").count()).toBe(counterparties.rows.length);
    if (screenshots) await page.screenshot({ path: `${screenshots}/imported-counterparties.png` });

    // Exposure (4): the daily flows plot over the sample's days.
    await page.keyboard.press("4");
    await page.getByRole("figure", { name: "Daily flows" }).locator("svg").first().waitFor();
    await expect
      .poll(() => page.getByTestId("exposure-window").locator("span").first().textContent())
      .toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
    if (screenshots) await page.screenshot({ path: `${screenshots}/imported-exposure.png` });
  });
});
