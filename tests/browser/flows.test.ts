import { addressChainUrn, type ChainId, chainById, detailsTableMaxRecords } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, isFocused, signInAsDemo } from "./keyboard.ts";

// Follow the money in the console (issue 27), keyboard only: open the busiest demo address from the
// palette, read its counterparties, its exposure plots and a risk indicator's sidebar. With
// SLEUTH_SCREENSHOTS=<dir> each pane is also saved as a PNG there.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let busiest: { chain: ChainId; address: string };
const screenshots = process.env.SLEUTH_SCREENSHOTS;

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  const [row] = await server.store.query<{ chain: ChainId; address: string }>(
    `SELECT chain, address FROM address_summary ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 1`,
  );
  busiest = row!;
});

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

afterEach(async () => {
  await context?.close();
});

async function snap(page: Page, name: string, fullPage = true): Promise<void> {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage });
}

const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette/ });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

describe("follow the money panes (001 §2, 000 §7)", () => {
  test("the busiest address shows its counterparties, exposure plots and a risk indicator's sidebar by keyboard", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    const urn = addressChainUrn(busiest.chain, busiest.address);
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const counterparties = await client.flows.counterpartySummary("address", { addressChainUrn: urn });

    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type(busiest.address);
    const row = palette(page)
      .locator('[role="option"][data-kind="result"]')
      .filter({ hasText: busiest.address.slice(-10) });
    await expect.poll(() => row.getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
    await page.keyboard.press("Enter");
    const segment = chainById(busiest.chain)?.symbol ?? busiest.chain;
    await page.waitForURL(`${server.baseUrl}/address/${segment}/${busiest.address}`);
    await page.getByRole("tab", { name: "Counterparties" }).waitFor();

    // Counterparties: the third pane (digit 3), largest first; j focuses the first row's link.
    await page.keyboard.press("3");
    const table = page.getByTestId("counterparties-table");
    await table.waitFor();
    expect(await table.locator("tbody tr").count()).toBe(counterparties.rows.length);
    await page.keyboard.press("j");
    const first = counterparties.rows[0]!;
    expect(await focusedText(page)).toBe(
      first.name ?? (await table.locator("tbody tr a").first().textContent()),
    );
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    expect(await isFocused(table.locator("tbody tr [data-row-link]").first())).toBe(true);
    await snap(page, "counterparties");

    // Exposure: three plots over at least 7 days, dates as YYYY-MM-DD; + zooms in, 0 shows every day.
    await page.keyboard.press("4");
    await page.getByRole("figure", { name: "Daily flows" }).locator("svg").first().waitFor();
    await page.getByRole("figure", { name: "Exposure by counterparty category (USD)" }).waitFor();
    await page.getByRole("figure", { name: "Exposure by counterparty risk (USD)" }).waitFor();
    const window = page.getByTestId("exposure-window").locator("span").first();
    const all = (await window.textContent()) ?? "";
    expect(all).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
    await snap(page, "exposure");
    await page.keyboard.press("+");
    await expect.poll(() => window.textContent()).not.toBe(all);
    const [from, to] = ((await window.textContent()) ?? "").split(" – ").map((day) => Date.parse(day));
    expect((to! - from!) / 86_400_000).toBeGreaterThanOrEqual(7);
    await page.keyboard.press("0");
    await expect.poll(() => window.textContent()).toBe(all);

    // Risk: j focuses the riskiest indicator, Enter opens its sidebar with severity, category, type
    // and at most 15 rows; Escape closes it.
    await page.keyboard.press("5");
    await page.getByTestId("risk-table").waitFor();
    await page.keyboard.press("j");
    const category = await focusedText(page);
    await page.keyboard.press("Enter");
    const sidebar = page.getByTestId("risk-sidebar");
    await sidebar.waitFor();
    const facts = (await sidebar.textContent()) ?? "";
    expect(facts).toContain("Severity");
    expect(facts).toContain(category);
    expect(facts).toContain("Risk type");
    const detailRows = page.getByRole("dialog").locator("table tbody tr");
    expect(await detailRows.count()).toBeLessThanOrEqual(detailsTableMaxRecords);
    await snap(page, "risk-sidebar", false);
    await page.keyboard.press("Escape");
    await sidebar.waitFor({ state: "detached" });
  });

  test("001 §2 holdings, IPs and scam reports panes answer with their rows or the no-fraud note", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    const segment = chainById(busiest.chain)?.symbol ?? busiest.chain;
    await page.goto(`${server.baseUrl}/address/${segment}/${busiest.address}`);
    await page.getByRole("tab", { name: "Holdings" }).waitFor();
    await page.keyboard.press("6");
    await page.getByRole("heading", { name: "Holdings" }).waitFor();
    await expect
      .poll(() =>
        page.getByTestId("holdings-table").or(page.getByText("This subject holds nothing now.")).count(),
      )
      .toBe(1);
    await snap(page, "holdings");
    await page.keyboard.press("7");
    await page.getByRole("heading", { name: "IP addresses" }).waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId("ips-table")
          .or(page.getByText("No IP addresses were observed with this address."))
          .count(),
      )
      .toBe(1);
    await snap(page, "ips");
    await page.keyboard.press("8");
    await page.getByRole("heading", { name: "Scam reports" }).waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId("scam-reports")
          .or(page.getByText("No reports of fraudulent activity were found for this element."))
          .count(),
      )
      .toBe(1);
    await snap(page, "scam-reports");
    // `?` lists the pane keys with the rest.
    await page.keyboard.press("?");
    const shortcuts = page.getByRole("dialog", { name: /Keyboard shortcuts/ });
    await shortcuts.waitFor();
    expect(await shortcuts.textContent()).toContain("Show Counterparties");
    await expectFocused(shortcuts.locator(":focus"));
  });

  test("001 §9 / 000 §9 balances show at most 8 decimals, money 2, shares 1 to 7 decimals or '<0.1%'", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    const urn = addressChainUrn(busiest.chain, busiest.address);
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const [held] = await client.holdings.assetHoldings("v2", { addresses: [urn] });
    const holdings = held?.holdings ?? [];
    expect(holdings.length).toBeGreaterThan(0);
    const segment = chainById(busiest.chain)?.symbol ?? busiest.chain;

    await page.goto(`${server.baseUrl}/address/${segment}/${busiest.address}?pane=holdings`);
    const holdingRows = page.getByTestId("holdings-table").locator("tbody tr");
    await expect.poll(() => holdingRows.count(), { timeout: 15_000 }).toBe(holdings.length);
    for (const [index, holding] of holdings.entries()) {
      const [, balance, usd] = await holdingRows.nth(index).locator("td").allTextContents();
      // 001 §9: the balance to 8 decimals (trailing zeros dropped), the raw amount rounded there.
      expect(balance).toMatch(/^-?[\d,]+(\.\d{1,8})?$/);
      expect(
        Math.abs(Number(balance!.replaceAll(",", "")) - Number(holding.balanceAmountRaw)),
      ).toBeLessThanOrEqual(5e-9 * Math.max(1, Math.abs(Number(holding.balanceAmountRaw))));
      // 000 §9: money with 2 decimals (or the dash of an unknown value).
      expect(usd).toMatch(/^(-?\$[\d,]+\.\d{2}|—|unknown.*)$/i);
    }

    await page.goto(`${server.baseUrl}/address/${segment}/${busiest.address}?pane=risk`);
    const riskRows = page.getByTestId("risk-table").locator("tbody tr");
    await expect.poll(() => riskRows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const cells = await riskRows.evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("td"), (cell) => cell.textContent ?? "")),
    );
    const percentage = /^(<0\.1%|\d[\d,]*\.\d{1,7}%)$/;
    for (const row of cells) {
      // Received and sent: money with 2 decimals and the share of the total in brackets.
      for (const flow of [row[4], row[5]])
        expect(flow).toMatch(/^(\$[\d,]+\.\d{2}|—|\S.*) \((<0\.1%|[\d.,]+%)\)$/);
      expect(row[6]).toMatch(percentage);
      // 002 §9 the severity badge names its level.
      expect(row[1]).toMatch(/^(Low|Medium|High|Severe)/);
    }
    await snap(page, "display-rules-risk");
  });
});
