import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import {
  addressChainUrn,
  displayAddress,
  flowMessages,
  riskIndicatorCsvFields,
  type SleuthClient,
  transferCsvFields,
  unknownUsdText,
} from "@sleuth/sdk";
import Papa from "papaparse";
import type { Browser, BrowserContext, Download, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { ethereumEtlFixtureDir, ethereumEtlSampleFiles } from "../helpers/ethereumEtlSample.ts";
import { busiestAddressOf, sample2017File } from "../helpers/pricedSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContext, closeContexts, sharedChromium } from "./chromium.ts";
import { chooseRowRange, openDownloadModal } from "./downloadModal.ts";
import { signInAsDemo, tabTo } from "./keyboard.ts";

// Issue 39 in the console, by keyboard alone, on the real 2017 ethereum-etl sample with a label list
// naming three of the busiest address's counterparties (the transfers pane's first, the
// counterparties pane's first, and a trace's end, listed as sanctioned): the label names the
// counterparty in both panes, the transfers CSV and on the graph; a trace opens its list of paths
// and Enter focuses one; the sanctioned address reads one risk on its graph node, in the palette, on
// its page and in triage; the transaction page steps along a party's transactions; the home lists a
// case and an alert made in the test. With SLEUTH_SCREENSHOTS=<dir> each screen is saved there.

let server: TestServer;
let client: SleuthClient;
let browser: Browser;
let context: BrowserContext;
let busiest: string;
/** The counterparty of the newest transfer (the transfers pane's first row). */
let newest: string;
/** The first counterparty of the counterparties pane. */
let first: string;
/** The end of a path of the trace the graph will run, listed as sanctioned. */
let sanctioned: string;
const newestLabel = "Test Newest Counterparty";
const firstLabel = "Test First Counterparty";
const sanctionedLabel = "Test Sanctioned Wallet";
const screenshots = process.env.SLEUTH_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png` });
}

const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette/ });
const addressOf = (urn: string | null | undefined) => urn?.split(":").pop() ?? "";

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: webDist } });
  client = server.client({ token: await server.tokenFor(server.demo.user.email) });
  const imported = await client.imports.run("ethereum-etl", readFileSync(sample2017File, "utf8"));
  expect(imported.inserted).toBeGreaterThan(0);
  busiest = busiestAddressOf(sample2017File);
  const subject = addressChainUrn("ethereum", busiest);
  // What the panes and the trace will show first, read from the API before any label exists.
  const transfers = await client.transfers.address({ addressChainUrn: subject });
  newest = addressOf(
    transfers.data.find((row) => row.counterpartyAddressChainUrns[0])?.counterpartyAddressChainUrns[0],
  );
  const counterparties = await client.flows.counterpartySummary("address", { addressChainUrn: subject });
  first = addressOf(
    counterparties.rows.find((row) => row.addressChainUrn && addressOf(row.addressChainUrn) !== newest)
      ?.addressChainUrn,
  );
  const trace = await client.graphs.trace({ trmUrn: subject });
  sanctioned = addressOf(
    trace.paths.map((path) => path.trmUrns.at(-1)).find((end) => ![newest, first].includes(addressOf(end))),
  );
  expect([newest, first, sanctioned].every((address) => address.startsWith("0x"))).toBe(true);
  const labels = await client.imports.run(
    "address-labels",
    [
      "address,label,category,chain",
      // Gambling does not stop a trace (an exchange would), so the trace keeps its paths.
      `${newest},${newestLabel},gambling,ethereum`,
      `${first},${firstLabel},gambling,ethereum`,
      `${sanctioned},${sanctionedLabel},sanction,ethereum`,
    ].join("\n"),
    { source: "labels.csv" },
  );
  expect(labels.inserted).toBeGreaterThan(0);
  browser = await sharedChromium();
}, 300_000);

afterAll(async () => {
  await closeContext(context);
  await closeContexts(browser);
  await server?.close();
});

/** The rows of a downloaded CSV file, by column name. */
async function csvRows(download: Download): Promise<Record<string, string>[]> {
  const text = await readFile((await download.path()) ?? "", "utf8");
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

async function openAddress(page: Page, address: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type(address);
  const result = palette(page)
    .locator('[role="option"][data-kind="result"]')
    .filter({ hasText: address.slice(-10) });
  await expect.poll(() => result.first().getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${server.baseUrl}/address/eth/${address}`);
}

describe("issue 39 named counterparties, one risk and readable traces by keyboard", () => {
  test("issue 39 the label names the counterparty in the transfers and counterparties panes and on the graph; a trace's paths open and Enter focuses one", async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const page = await signInAsDemo(context, server.baseUrl);
    await openAddress(page, busiest);

    // Transfers (2): the rows with that counterparty name it by its label, marked as a label.
    await page.getByRole("tab", { name: "Transfers" }).waitFor();
    await page.keyboard.press("2");
    const transfers = page.getByTestId("transfers-table");
    await transfers.waitFor();
    const named = transfers.locator('[data-name-kind="label"]').filter({ hasText: newestLabel });
    await expect.poll(() => named.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await named.first().textContent()).toContain("labels.csv");
    // Unknown USD reads as unknown, never $0.00.
    expect(await transfers.getByText("$0.00", { exact: true }).count()).toBe(0);
    await shot(page, "named-transfers");

    // The transfers CSV (Shift+D, rows 1 to 30, all by keyboard) names it too, with its kind and source.
    const download = await openDownloadModal(page);
    await chooseRowRange(page, download, 1, 30);
    const transfersFile = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const transferRows = await csvRows(await transfersFile);
    expect(Object.keys(transferRows[0] ?? {})).toEqual([...transferCsvFields]);
    const newestUrn = addressChainUrn("ethereum", newest);
    const withNewest = transferRows.filter((row) => row.counterpartyAddressChainUrns?.includes(newestUrn));
    expect(withNewest.length).toBeGreaterThan(0);
    for (const row of withNewest)
      expect([row.counterpartyName, row.counterpartyNameKind, row.counterpartyNameSource]).toEqual([
        newestLabel,
        "label",
        "labels.csv",
      ]);
    await download.waitFor({ state: "detached" });

    // Counterparties (3): the same name, the same kind.
    await page.keyboard.press("3");
    const counterparties = page.getByTestId("counterparties-table");
    await counterparties.waitFor();
    await expect
      .poll(() => counterparties.locator('[data-name-kind="label"]').filter({ hasText: firstLabel }).count())
      .toBe(1);
    await shot(page, "named-counterparties");

    // 000 §5 header filters, by keyboard: f focuses the counterparty box, a pasted URN keeps that
    // counterparty alone; Tab on to the transfer count, "not equal" 1 keeps the others.
    const firstUrn = addressChainUrn("ethereum", first);
    await page.keyboard.press("f");
    await page.keyboard.type(firstUrn);
    await page.keyboard.press("Enter");
    const rows = counterparties.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(firstLabel);
    await page.keyboard.press("x");
    const notOne = await client.flows.counterpartySummary("address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
      filters: { totalTransfers: { operator: "neq", value: 1 } },
    });
    await page.keyboard.press("f");
    await page.keyboard.press("Tab");
    await page.keyboard.press("n"); // the operator select: "not equal"
    await page.keyboard.press("Tab");
    await page.keyboard.type("1");
    await page.keyboard.press("Enter");
    if (notOne.rows.length === 0) await page.getByText(flowMessages.noCounterpartiesFiltered).waitFor();
    else await expect.poll(() => rows.count()).toBe(notOne.rows.length);
    await shot(page, "counterparties-filtered");
    await page.keyboard.press("x");

    // 000 §7 lists by kind: l steps from the summary to entities, then addresses, each its own rows.
    const list = page.getByTestId("counterparties-list");
    await page.keyboard.press("l");
    await expect.poll(() => list.inputValue()).toBe("entity");
    await page.keyboard.press("l");
    await expect.poll(() => list.inputValue()).toBe("address");
    const byAddress = await client.flows.byCounterparty("address", "address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
      pageSize: 30,
    });
    await expect.poll(() => rows.count()).toBe(byAddress.rows.length);
    await shot(page, "counterparties-by-address");
    await page.keyboard.press("l");
    await page.keyboard.press("l");
    await expect.poll(() => list.inputValue()).toBe("summary");

    // 000 §7 transfers with one counterparty: j focuses the first row, t opens its transfers, b goes back.
    await expect.poll(() => rows.first().textContent()).toContain(firstLabel);
    await page.keyboard.press("j");
    await page.keyboard.press("t");
    const withOne = page.getByTestId("counterparty-transfers-table");
    await withOne.waitFor();
    const expected = await client.flows.counterpartyTransfers("address", "address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
      counterpartyAddressChainUrn: firstUrn,
    });
    expect(await withOne.locator("tbody tr").count()).toBe(expected.rows.length);
    expect(await withOne.locator("caption").textContent()).toBe(`Transfers with ${firstLabel}`);
    // 000 §7 chain assets by counterparty (…/info) above them: each chain and asset, 8 decimals at most.
    const assets = await client.flows.chainAssets("address", "address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
      counterpartyAddressChainUrn: firstUrn,
    });
    expect(assets.length).toBeGreaterThan(0);
    const assetRows = page.getByTestId("counterparty-chain-assets").locator("tbody tr");
    await expect.poll(() => assetRows.count()).toBe(assets.length);
    const firstAsset = (await assetRows.first().locator("td").allTextContents()).map((cell) => cell.trim());
    expect(firstAsset.slice(1, 2)).toEqual([assets[0]!.asset]);
    expect(firstAsset[4]).toBe(assets[0]!.transfers.toLocaleString("en-US"));
    for (const amount of firstAsset.slice(2, 4)) expect(amount).toMatch(/^[\d,]+(\.\d{1,8})?$/);
    expect(Number(firstAsset[2]!.replaceAll(",", ""))).toBeCloseTo(Number(assets[0]!.incomingVolumeRaw), 6);
    await shot(page, "counterparty-transfers");
    await page.keyboard.press("b");
    await counterparties.waitFor();

    // Categories (9): the category the list gave two of them (gambling) names them by their label.
    await page.keyboard.press("9");
    const select = page.getByTestId("category-select");
    await select.waitFor();
    const options = await select.locator("option").allTextContents();
    const checked = (await select.locator("option:checked").textContent()) ?? "";
    const gambling = options.findIndex((option) => /gambling/i.test(option));
    expect(gambling).toBeGreaterThanOrEqual(0);
    // w steps to the next category.
    const steps = (gambling - options.indexOf(checked) + options.length) % options.length;
    for (let step = 0; step < steps; step++) await page.keyboard.press("w");
    await expect.poll(() => select.locator("option:checked").textContent()).toMatch(/gambling/i);
    const categoryTable = page.getByTestId("category-transfers-table");
    await expect
      .poll(() =>
        categoryTable
          .locator('[data-name-kind="label"]')
          .filter({ hasText: new RegExp(`${newestLabel}|${firstLabel}`) })
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await categoryTable.locator('[data-name-kind="label"]').first().textContent()).toContain(
      "labels.csv",
    );
    await shot(page, "named-categories");
    // 000 §5: f focuses the category table's counterparty box; a pasted URN keeps its transfers.
    await page.keyboard.press("f");
    await page.keyboard.type(addressChainUrn("ethereum", newest));
    await page.keyboard.press("Enter");
    const categoryRows = categoryTable.locator("tbody tr");
    await expect.poll(() => categoryRows.allTextContents()).toEqual([expect.stringContaining(newestLabel)]);
    await shot(page, "categories-filtered");
    await page.keyboard.press("x");

    // Risk (5), 000 §5: f focuses the level filter (equal by default); Enter keeps that level's rows.
    const indicators = await client.flows.riskIndicators("address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
    });
    expect(new Set(indicators.map((row) => row.categoryRiskScoreLevel)).size).toBeGreaterThan(1);
    const top = indicators[0]!.categoryRiskScoreLevel;
    await page.keyboard.press("5");
    const riskRows = page.getByTestId("risk-table").locator("tbody tr");
    await expect.poll(() => riskRows.count()).toBe(indicators.length);
    await page.keyboard.press("f");
    await page.keyboard.type(String(top));
    await page.keyboard.press("Enter");
    await expect
      .poll(() => riskRows.count())
      .toBe(indicators.filter((row) => row.categoryRiskScoreLevel === top).length);
    await shot(page, "risk-filtered");
    // A value that is not a number says so and changes nothing; an empty value removes the filter.
    await page.keyboard.press("f");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("high");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Enter a number" }).count()).toBe(1);
    expect(await riskRows.count()).toBe(
      indicators.filter((row) => row.categoryRiskScoreLevel === top).length,
    );
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Enter");
    await expect.poll(() => riskRows.count()).toBe(indicators.length);
    // The pane's rows as CSV (Shift+D): each indicator, riskiest first, with the level the pane shows.
    const riskDownload = await openDownloadModal(page);
    expect(await riskDownload.textContent()).toContain(`risk indicators · ${indicators.length} rows`);
    await shot(page, "risk-download");
    await tabTo(page, riskDownload.getByRole("button", { name: "Download", exact: true }));
    const riskFile = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const riskFileRows = await riskFile;
    expect(riskFileRows.suggestedFilename()).toMatch(/^risk-indicators_\d{8}T\d{6}Z\.csv$/);
    const riskCsv = await csvRows(riskFileRows);
    expect(Object.keys(riskCsv[0] ?? {})).toEqual([...riskIndicatorCsvFields]);
    expect(riskCsv.map((row) => [row.category, row.riskType, Number(row.categoryRiskScoreLevel)])).toEqual(
      indicators.map((row) => [row.category, row.riskType, row.categoryRiskScoreLevel]),
    );
    await riskDownload.waitFor({ state: "detached" });

    // The graph: plot the address (G), trace (t): the trace opens as its paths.
    await page.keyboard.press("G");
    await page.waitForURL(/\/graph/);
    await page.getByTestId("graph-node").first().waitFor();
    await page.keyboard.press("t");
    const dialog = page.getByRole("dialog", { name: "Trace paths" });
    await dialog.waitFor({ timeout: 20_000 });
    const paths = dialog.getByTestId("trace-paths").getByRole("option");
    await expect.poll(() => paths.count()).toBeGreaterThan(1);
    await expect.poll(() => paths.filter({ hasText: sanctionedLabel }).count()).toBe(1);
    expect(await paths.filter({ hasText: sanctionedLabel }).textContent()).toContain(
      "reached a sanctioned party",
    );
    // The sample holds no prices: a path says the smallest amount it moved in its asset (issue 43).
    expect(await paths.filter({ hasText: sanctionedLabel }).textContent()).toMatch(/\d ETH$/);
    await shot(page, "trace-paths");

    // Down to the sanctioned party's path, Enter: the path is focused, everything else dimmed.
    const target = await paths.evaluateAll(
      (options, label) => options.findIndex((option) => option.textContent?.includes(label)),
      sanctionedLabel,
    );
    for (let step = 0; step < target; step++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const sanctionedNode = page.locator(`[data-testid="graph-node"][data-urn$="${sanctioned}"]`);
    await sanctionedNode.waitFor();
    expect(await sanctionedNode.getAttribute("data-name-kind")).toBe("label");
    // Its title card (zoomed out) or its full card names it.
    expect((await sanctionedNode.getAttribute("title")) ?? (await sanctionedNode.textContent())).toContain(
      sanctionedLabel,
    );
    await expect.poll(() => page.locator(".react-flow__node.sleuth-graph-dimmed").count()).toBeGreaterThan(0);
    // The flow into it reads between the ends' names, its kind and source, not their URNs; with no
    // price in the sample it says how much ether it moved (issue 43), as the path's row did.
    const intoSanctioned = page.locator(
      `.react-flow__edge[aria-label*="→ ${sanctionedLabel} (label · labels.csv)"]`,
    );
    expect(await intoSanctioned.count()).toBe(1);
    expect(await intoSanctioned.getAttribute("aria-label")).toMatch(/: [\d,.]+ ETH$/);
    // The side panel shows the address the name stands for.
    expect((await page.getByTestId("graph-selected").textContent())?.toLowerCase()).toContain(sanctioned);
    expect(
      await page
        .locator(".react-flow__node:not(.sleuth-graph-dimmed)")
        .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-id"))),
    ).toEqual(expect.arrayContaining([expect.stringContaining(sanctioned)]));
    await shot(page, "trace-path-focused");
    const traceSummary = page
      .getByRole("status")
      .getByText(/reached an exchange, mixer, bridge or sanctioned party/);
    expect(await traceSummary.count()).toBe(1);

    // One risk: the sanctioned address's graph node, palette result and page say the same.
    await page.keyboard.press("x");
    // The node's risk as its badge (or, zoomed out, its risk-coloured edge and title) reads it.
    const nodeRisk = await sanctionedNode.getAttribute("data-risk-text");
    expect(nodeRisk).toBe("Severe risk");
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type(sanctioned);
    const result = palette(page).locator('[role="option"][data-kind="result"]').first();
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain(nodeRisk!);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.baseUrl}/address/eth/${sanctioned}`);
    await expect.poll(() => page.getByTestId("risk-badge").first().textContent()).toBe(nodeRisk);
    // The trace's summary was about the graph: it stays behind when the user leaves it.
    expect(await traceSummary.count()).toBe(0);
    await shot(page, "one-risk-address");
    // And triage (g t, the address searched there) reads the same risk.
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await page.getByRole("heading", { level: 1, name: "Triage" }).waitFor();
    await tabTo(page, page.getByTestId("triage-search"));
    await page.keyboard.type(sanctioned);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/triage\/address\//);
    await expect.poll(() => page.getByTestId("risk-badge").first().textContent()).toBe(nodeRisk);
    await shot(page, "one-risk-triage");
  });

  test("issue 39 on the imported sample the transaction page steps along a party's transactions; the home lists a case and an alert made in the test", async () => {
    const own = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const page = await signInAsDemo(own, server.baseUrl);
      await openAddress(page, busiest);
      // Enter on the newest transfer opens its transaction (002 §2).
      await page.getByRole("tab", { name: "Transfers" }).waitFor();
      await page.keyboard.press("2");
      await page.getByTestId("transfers-table").waitFor();
      await page.keyboard.press("j");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname.startsWith("/tx/"));
      const first = new URL(page.url()).pathname;
      const parties = page.getByTestId("transaction-parties");
      await parties.waitFor();
      // The busiest address's party row and the labelled counterparty's (its label as a transfer label).
      const shown = displayAddress("ethereum", busiest);
      const focusBusiest = async () => {
        for (let step = 0; step < 40; step++) {
          await page.keyboard.press("j");
          if ((await page.evaluate(() => document.activeElement?.getAttribute("title"))) === shown) return;
        }
        throw new Error(`No row of ${shown}`);
      };
      // The labelled counterparty's party row is named by its label, its kind and source (issue 39).
      const labelled = parties.locator('[data-name-kind="label"]').filter({ hasText: newestLabel });
      await expect.poll(() => labelled.count()).toBe(1);
      expect(await labelled.textContent()).toContain("labels.csv");
      await shot(page, "transaction-parties");
      // The sample holds no prices: its value is unknown, said as every USD cell says it, never "—".
      expect(await page.getByTestId("transaction-details").textContent()).toContain(`Value${unknownUsdText}`);
      // p opens the busiest address's previous transaction, n its next: the one we came from.
      await focusBusiest();
      await page.keyboard.press("p");
      await page.waitForURL((url) => url.pathname.startsWith("/tx/") && url.pathname !== first);
      await parties.waitFor();
      await focusBusiest();
      await page.keyboard.press("n");
      await page.waitForURL((url) => url.pathname === first);
      await parties.waitFor();

      // The home: a case and a detector alert made now, on this store.
      const caseName = `Imported sample case ${Date.now()}`;
      await client.cases.create({ name: caseName, isSharedWithOrg: false });
      // A real ethereum-etl transaction, imported after a detector watches its sender.
      const line = readFileSync(`${ethereumEtlFixtureDir}${ethereumEtlSampleFiles[0]}`, "utf8").split(
        "\n",
      )[0]!;
      const sender = (JSON.parse(line) as { from_address: string }).from_address;
      await client.detectors.create({ addressUrn: addressChainUrn("ethereum", sender) });
      expect((await client.imports.run("ethereum-etl", `${line}\n`)).inserted).toBe(1);
      await page.keyboard.press("g");
      await page.keyboard.press("h");
      await page.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
      await expect
        .poll(() => page.getByTestId("home-alerts").textContent(), { timeout: 15_000 })
        .toContain(displayAddress("ethereum", sender).slice(0, 10));
      const caseLink = page.getByTestId("home-cases").getByRole("link", { name: caseName });
      await caseLink.waitFor();
      await shot(page, "home");
      await tabTo(page, caseLink, 40);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: caseName }).waitFor();
    } finally {
      await closeContext(own);
    }
  });
});
