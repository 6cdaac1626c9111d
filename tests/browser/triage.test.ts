import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { drawPng } from "../helpers/imageFixtures.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, interceptFileChoosers, signInAsDemo, tabTo } from "./keyboard.ts";

// Triage (002 §2/§4) in real Chromium, by keyboard only.
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let busy: { chain: string; address: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  // A busy address that dealt with an exchange, so contact exchanges has one to show.
  [busy] = (await server.store.query(
    `SELECT a.chain, a.address FROM address_counterparties ac JOIN addresses a ON a.id = ac.address_id
      WHERE a.chain = 'bitcoin' AND EXISTS (
        SELECT 1 FROM address_counterparties x JOIN addresses cp ON cp.id = x.counterparty_id
          JOIN entities e ON e.id = cp.entity_id WHERE x.address_id = a.id AND e.category_id = 8)
      GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
  )) as [typeof busy];
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});
afterEach(async () => {
  await context?.close();
});

describe("002 §2 triage by keyboard", () => {
  test("002 §2/§4 search an address in triage, read its summary, tick a checklist item, download its report", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await signInAsDemo(context, server.baseUrl);
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await page.getByRole("heading", { level: 1, name: "Triage" }).waitFor();
    const search = page.getByTestId("triage-search");
    await tabTo(page, search);
    await page.keyboard.type(busy.address);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/triage\/address\//);
    const activity = page.locator('[data-insight="activity"]');
    await activity.waitFor();
    await expect.poll(() => activity.textContent()).toMatch(/transfers/);
    await page.screenshot({ path: "/tmp/triage-address.png", fullPage: true });
    // 002 §7 triage activity events, each recorded once its action is done.
    const token = await server.tokenFor(server.demo.user.email);
    const client = server.client({ token, organizationUuid: server.demo.organization.uuid });
    const urn = `urn:sleuth:address:${busy.chain}:${busy.address}`;
    const logged = async (action: string) =>
      (await client.activity.list()).filter((entry) => entry.action === action).map((entry) => entry.details);
    await expect.poll(() => logged("address_viewed")).toEqual([{ chain: busy.chain, address: busy.address }]);
    expect(await logged("contact_info_viewed")).toEqual([]);

    // Contact exchanges: viewing an exchange's contact unlocks its checkbox, which Space then ticks.
    const action = page.locator('[data-item="contactExchanges"] button');
    await tabTo(page, action, 60);
    await page.keyboard.press("Enter");
    const sidebar = page.getByRole("dialog", { name: "Contact exchanges" });
    const exchange = sidebar.getByTestId("exchange-list").getByRole("button").first();
    await exchange.waitFor();
    await tabTo(page, exchange, 20);
    await page.keyboard.press("Enter");
    await page.getByTestId("exchange-contact").waitFor();
    await page.screenshot({ path: "/tmp/triage-exchange.png", fullPage: true });
    await expect.poll(() => logged("contact_info_viewed")).toEqual([{ urn }]);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocused(action);
    const checkbox = page.locator('[data-item="contactExchanges"] input[type="checkbox"]');
    await page.keyboard.press("Shift+Tab");
    await expectFocused(checkbox);
    await page.keyboard.press("Space");
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    const stored = await page.evaluate(() => localStorage.getItem("sleuth.triage.progress"));
    expect(JSON.parse(stored ?? "{}")[urn]).toEqual({ contactExchanges: true });

    await page.keyboard.press("Escape");
    await page.locator("body").focus();
    expect(await logged("report_downloaded")).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("d")]);
    expect(download.suggestedFilename()).toBe(`${busy.chain}_${busy.address}.csv`);
    const file = await readFile((await download.path()) ?? "", "utf8");
    await expect
      .poll(() => logged("report_downloaded"))
      .toEqual([{ chain: busy.chain, address: busy.address }]);
    expect(file).toBe((await client.triage.report(busy.chain, busy.address)).csv);
  });

  test("002 §4 upload a screenshot with two addresses and a QR code and get all three", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    interceptFileChoosers(page);
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await page.getByRole("heading", { level: 1, name: "Triage" }).waitFor();
    const png = drawPng({
      width: 1000,
      height: 400,
      texts: [
        { text: "Sent to 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe today", x: 20, y: 60 },
        { text: "from 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", x: 20, y: 120 },
      ],
      qrCodes: [{ payload: "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", x: 700, y: 180 }],
    });
    // The widget appears once the AI preference and flag have loaded (002 §6); until then i has no input.
    await page.getByTestId("image-input").waitFor({ state: "attached", timeout: 60_000 });
    await page.locator("body").focus();
    // The upload widget (and its `i` shortcut) is there once the AI preference has answered.
    await page.getByTestId("image-drop").waitFor();
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("i")]);
    await chooser.setFiles({ name: "screenshot.png", mimeType: "image/png", buffer: Buffer.from(png) });
    const found = page.getByTestId("image-identifiers").locator("li");
    await expect
      .poll(() => found.locator("a").allTextContents(), { timeout: 90_000 })
      .toEqual([
        "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae",
        "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      ]);
    // Issue 42: each says how it was read; the QR code's address says so.
    const lines = await found.allTextContents();
    for (const line of lines.slice(0, 2)) expect(line).toMatch(/ text, (exact|corrected)/);
    expect(lines[2]).toBe("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq QR code, exact");
    await page.screenshot({ path: "/tmp/triage-image.png", fullPage: true });
  }, 120_000);
});
