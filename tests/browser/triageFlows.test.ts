import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// Triage transaction page, results, history, sidebars, detectors and camera (002 §2/§4), by keyboard.
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let subject: { chain: string; address: string };
let other: { chain: string; address: string };
let transaction: { chain: string; hash: string; value_usd: number };
let owned: { chain: string; address: string; name: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  [subject, other] = (await server.store.query(
    `SELECT a.chain, a.address FROM address_counterparties ac JOIN addresses a ON a.id = ac.address_id
      WHERE a.chain = 'bitcoin' GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 2`,
  )) as [typeof subject, typeof other];
  // An address owned by a VASP with a law-enforcement contact (its owner's card has the form).
  [owned] = (await server.store.query(
    `SELECT a.chain, a.address, e.name FROM addresses a JOIN entities e ON e.id = a.entity_id
      WHERE e.law_enforcement_contact IS NOT NULL AND a.chain = 'bitcoin' ORDER BY a.id LIMIT 1`,
  )) as [typeof owned];
  // A colleague to escalate to, and a case shared with the organization (002 §5).
  const colleague = await server.createUser({ email: "casey@agency.example", fullName: "Casey Colleague" });
  await server.addMember(colleague.email, server.demo.organization.uuid, "editor");
  const admin = server.client({
    token: await server.tokenFor(server.demo.user.email),
    organizationUuid: server.demo.organization.uuid,
  });
  await admin.cases.create({ name: "Triage escalations", isSharedWithOrg: true });
  [transaction] = (await server.store.query(
    `SELECT chain, hash, value_usd FROM transactions WHERE chain = 'bitcoin' AND value_usd > 1
      ORDER BY id LIMIT 1`,
  )) as [typeof transaction];
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});
afterEach(async () => {
  await context?.close();
});

/** 002 §7 the demo user's triage activity events of one action, oldest first, by their details. */
async function logged(action: string): Promise<Array<Record<string, unknown>>> {
  const token = await server.tokenFor(server.demo.user.email);
  const client = server.client({ token, organizationUuid: server.demo.organization.uuid });
  return (await client.activity.list())
    .filter((entry) => entry.action === action)
    .map((entry) => entry.details)
    .reverse();
}

async function triageHome(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  const page = await signInAsDemo(context, server.baseUrl);
  await page.keyboard.press("g");
  await page.keyboard.press("t");
  await page.getByRole("heading", { level: 1, name: "Triage", exact: true }).waitFor();
  return page;
}

async function search(page: Page, ...lines: string[]): Promise<void> {
  const box = page.getByTestId("triage-search");
  await tabTo(page, box, 30);
  // A new search replaces what the box still holds.
  await page.keyboard.press("ControlOrMeta+a");
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press("Shift+Enter");
    await page.keyboard.type(line);
  }
  await page.keyboard.press(lines.length > 1 ? "ControlOrMeta+Enter" : "Enter");
}

describe("002 §2 triage search, transaction page and history by keyboard", () => {
  test("002 §2 a single transaction jumps to its triage page: UTC time and USD volume; back names the search", async () => {
    const page = await triageHome();
    await search(page, transaction.hash);
    await page.waitForURL(/\/triage\/transaction\//);
    const details = page.getByTestId("triage-transaction-details");
    await details.waitFor();
    await expect
      .poll(() => details.textContent())
      .toMatch(/Time \(UTC\)\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await expect.poll(() => details.textContent()).toMatch(/Volume \(USD\)\$[\d,]+\.\d{2}/);
    expect(await page.getByTestId("triage-back").textContent()).toContain("Back to current search");
    await page.screenshot({ path: "/tmp/triage-transaction.png", fullPage: true });
    await expect
      .poll(() => logged("transaction_viewed"))
      .toContainEqual({ chain: transaction.chain, hash: transaction.hash });
  });

  test("002 §2/§5 an invalid transaction route shows the invalid message, then Triage home", async () => {
    const page = await triageHome();
    await page.goto(`${server.baseUrl}/triage/transaction/bitcoin/not-a-hash`);
    await page
      .getByRole("heading", { level: 1, name: "This transaction hash is not valid on this chain." })
      .waitFor();
    await page.waitForURL(/\/triage$/, { timeout: 10_000 });
  });

  test("002 §2/§4 multi-search lists both addresses; history groups them by day; IPs are refused in triage", async () => {
    const page = await triageHome();
    await search(page, subject.address, other.address);
    await page.waitForURL(/\/triage\/search\?q=/);
    const found = page.getByTestId("triage-results-addresses").locator("li");
    await expect.poll(() => found.count()).toBe(2);
    await page.screenshot({ path: "/tmp/triage-results.png", fullPage: true });

    await search(page, "203.0.113.7");
    const refused = page.getByTestId("triage-search-message");
    await refused.waitFor();
    expect(await refused.textContent()).toContain("IP Addresses cannot be searched in Triage.");
    expect(await refused.textContent()).toContain(
      "Talk to your admin about getting a Forensics license to see IP results.",
    );

    // Out of the search box (to its Search button), where single keys are shortcuts again.
    await page.keyboard.press("Tab");
    await page.keyboard.press("t");
    await page.keyboard.press("h");
    const history = page.getByTestId("triage-history");
    await history.waitFor();
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, "0");
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    const day = history.locator(`section[data-day="${today}"]`);
    await expect.poll(() => day.locator("li").count()).toBe(2);
    await page.screenshot({ path: "/tmp/triage-history.png", fullPage: true });
  });
});

describe("002 §4 triage checklist through the real flows by keyboard", () => {
  test("002 §4 indicate interest and create a detector tick their items; the detector alerts list opens", async () => {
    const page = await triageHome();
    await search(page, subject.address);
    await page.waitForURL(/\/triage\/address\//);
    const interestItem = page.locator('[data-item="indicateInterest"]');
    await interestItem.waitFor();
    expect(await interestItem.getAttribute("data-completed")).toBe("false");

    await tabTo(page, interestItem.locator("button"), 80);
    await page.keyboard.press("Enter");
    const sidebar = page.getByRole("dialog", { name: /Indicate interest in/ });
    await sidebar.waitFor();
    await tabTo(page, sidebar.getByRole("textbox", { name: "Note" }), 40);
    await page.keyboard.type("Seen in a ransomware case");
    await page.keyboard.press("Enter");
    await sidebar.waitFor({ state: "detached" });
    await expect.poll(() => interestItem.getAttribute("data-completed")).toBe("true");

    const detectorItem = page.locator('[data-item="detectors"]');
    await tabTo(page, detectorItem.locator("button"), 80);
    await page.keyboard.press("Enter");
    const create = page.getByRole("dialog", { name: "Create a detector" });
    await create.waitFor();
    await expectFocused(create.getByRole("textbox", { name: "Name" }));
    await page.keyboard.type("Ransomware wallet");
    await page.keyboard.press("Enter");
    await create.waitFor({ state: "detached" });
    await expect.poll(() => detectorItem.getAttribute("data-completed")).toBe("true");
    await expect.poll(() => detectorItem.locator("button").textContent()).toMatch(/^Open detectors/);
    await page.screenshot({ path: "/tmp/triage-checklist.png", fullPage: true });

    const token = await server.tokenFor(server.demo.user.email);
    const client = server.client({ token, organizationUuid: server.demo.organization.uuid });
    const [saved] = await client.detectors.list({
      addressUrn: `urn:sleuth:address:${subject.chain}:${subject.address}`,
    });
    expect(saved?.name).toBe("Ransomware wallet");

    // 002 §4: with a detector, the action opens the list in a new tab.
    await tabTo(page, detectorItem.locator("button"), 80);
    const [tab] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("Enter")]);
    await tab.waitForURL(/\/triage\/detectors$/);
    await tab.getByRole("heading", { level: 2, name: "Ransomware wallet" }).waitFor();
    // 000 §9: the new detector's tally reads 'NO ALERTS', not "0 alerts".
    expect(await tab.getByTestId("detector-alert-count").textContent()).toBe("NO ALERTS");
    await tab.screenshot({ path: "/tmp/triage-detectors.png", fullPage: true });
  });

  test("002 §2 Details: opening a section shows it and records its event", async () => {
    const page = await triageHome();
    await search(page, subject.address);
    await page.waitForURL(/\/triage\/address\//);
    await page.getByTestId("triage-checklist").waitFor();
    await page.locator("body").focus();
    await page.keyboard.press("t");
    await page.keyboard.press("d");
    await page.waitForURL(/tab=details/);
    const toggle = page.locator('[data-section="transfer-history"] button[aria-expanded]');
    await tabTo(page, toggle, 60);
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await page.locator("#triage-section-transfer-history table").first().waitFor();
    await page.screenshot({ path: "/tmp/triage-details.png", fullPage: true });
    const token = await server.tokenFor(server.demo.user.email);
    const client = server.client({ token, organizationUuid: server.demo.organization.uuid });
    await expect
      .poll(async () =>
        (await client.activity.list()).some(
          (entry) => entry.action === "triage_section_opened" && entry.details.section === "transfer-history",
        ),
      )
      .toBe(true);
  });

  test("002 §2/§9 camera search opens after its delay and says so when there is no camera", async () => {
    const page = await triageHome();
    await page.locator("body").focus();
    await page.keyboard.press("t");
    await page.keyboard.press("c");
    const popover = page.getByTestId("camera-popover");
    await popover.waitFor();
    expect(await popover.textContent()).toContain("No camera is available on this device.");
  });

  test("002 §4 flag to private sector and escalate tick their items when their flows complete", async () => {
    const page = await triageHome();
    await search(page, other.address);
    await page.waitForURL(/\/triage\/address\//);
    const flagItem = page.locator('[data-item="flagToPrivateSector"]');
    await flagItem.waitFor();
    expect(await flagItem.getAttribute("data-completed")).toBe("false");

    await tabTo(page, flagItem.locator("button"), 80);
    await page.keyboard.press("Enter");
    const flag = page.getByRole("dialog", { name: /^Flag / });
    await flag.waitFor();
    await tabTo(page, flag.getByLabel("Category", { exact: false }).first());
    await page.keyboard.type("Ransomware");
    for (const text of [
      "Paid the ransom twice",
      "About two BTC since March",
      "Identify the operators quickly",
      "Freeze funds at exchanges",
    ]) {
      await page.keyboard.press("Tab");
      await page.keyboard.type(text);
    }
    const submit = flag.getByRole("button", { name: "Submit flag" });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    await flag.waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => flagItem.getAttribute("data-completed")).toBe("true");

    const escalateItem = page.locator('[data-item="escalate"]');
    await tabTo(page, escalateItem.locator("button"), 80);
    await page.keyboard.press("Enter");
    const escalate = page.getByRole("dialog", { name: /^Escalate / });
    await tabTo(page, escalate.getByPlaceholder("Find people by name or e-mail"), 20);
    await page.keyboard.type("Casey");
    const pick = escalate.getByRole("checkbox", { name: /Casey Colleague/ });
    await pick.waitFor();
    await tabTo(page, pick);
    await page.keyboard.press("Space");
    const escalatedUrn = `urn:sleuth:address:${other.chain}:${other.address}`;
    expect(await logged("address_escalated")).not.toContainEqual({ urn: escalatedUrn });
    await tabTo(page, escalate.getByRole("button", { name: "Escalate" }));
    await page.keyboard.press("Enter");
    await escalate.waitFor({ state: "detached" });
    await expect.poll(() => escalateItem.getAttribute("data-completed")).toBe("true");
    // 002 §7: the escalation's activity event.
    await expect.poll(() => logged("address_escalated")).toContainEqual({ urn: escalatedUrn });
    // 002 §4: once escalated its checkbox may be toggled.
    expect(await escalateItem.locator('input[type="checkbox"]').isEnabled()).toBe(true);
  });

  test("002 §4/§7 view victim reports opens the reports and records victim_reports.viewed", async () => {
    const [reported] = await server.store.query<{ chain: string; address: string }>(
      `SELECT a.chain, a.address FROM scam_report_addresses r
         JOIN addresses a ON a.chain = r.chain AND a.address = r.address ORDER BY a.id LIMIT 1`,
    );
    const urn = `urn:sleuth:address:${reported!.chain}:${reported!.address}`;
    const page = await triageHome();
    await search(page, reported!.address);
    await page.waitForURL(/\/triage\/address\//);
    const item = page.locator('[data-item="viewVictimReports"]');
    await item.waitFor();
    expect(await logged("victim_reports.viewed")).not.toContainEqual({ urn });
    await tabTo(page, item.locator("button"), 80);
    await page.keyboard.press("Enter");
    await page.waitForURL(/tab=details/);
    const reports = page.locator('[data-section="chainabuse"] button[aria-expanded]');
    await expect.poll(() => reports.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => logged("victim_reports.viewed")).toContainEqual({ urn });
  });

  test("002 §4/§5 owns-controls shows the owner's cards; the law-enforcement suggestion needs comments, then thanks", async () => {
    const page = await triageHome();
    await page.goto(
      `${server.baseUrl}/triage/address/${owned.address}/${owned.chain}?tab=details&section=owns-controls`,
    );
    const cards = page.locator("#triage-section-owns-controls").getByTestId("property-cards").first();
    await cards.waitFor();
    const form = cards.getByRole("form", { name: "Suggest an update to this contact" });
    const send = form.getByRole("button", { name: "Send suggestion" });
    await tabTo(page, send, 80);
    await page.keyboard.press("Enter");
    await form
      .getByText("To help us expedite your suggestion, please let us know exactly what you’re looking for.")
      .waitFor();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type("The e-mail bounces since June");
    await tabTo(page, send, 5);
    await page.keyboard.press("Enter");
    await cards.getByTestId("le-thanks").waitFor();
    await page.screenshot({ path: "/tmp/triage-owner-cards.png", fullPage: true });
  });
});
