import { readFile } from "node:fs/promises";
import {
  addressChainUrn,
  type ChainId,
  categoryAddressCsvFields,
  categoryTransferCsvFields,
  chainById,
  type ExportRequest,
  type RiskIndicatorRow,
} from "@sleuth/sdk";
import Papa from "papaparse";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { chooseRowRange, openDownloadModal } from "./downloadModal.ts";
import { expectFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// The Download CSV modal and the jobs panel in real Chromium, keyboard only (issue 29 "Console":
// 001 §2, §4, §5, §7, §9).

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let subject: { chain: ChainId; address: string; n: number };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  const [row] = await server.store.query<{ chain: ChainId; address: string; n: number }>(
    `SELECT a.chain, a.address, count(*)::int AS n FROM transfers t JOIN addresses a ON a.id = t.address_id
     GROUP BY a.chain, a.address HAVING count(*) > 100 ORDER BY abs(count(*) - 300), a.address LIMIT 1`,
  );
  if (!row) throw new Error("no address with more than 100 transfers");
  subject = row;
});

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

afterEach(async () => {
  await context?.close();
});

async function transfersPane(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await signInAsDemo(
    context,
    server.baseUrl,
    `/address/${subject.chain}/${subject.address}?pane=transfers`,
  );
  await page.getByRole("button", { name: /Download CSV/ }).waitFor();
  return page;
}

describe("Download CSV modal and jobs panel (001 §2, §4, §5, §7)", () => {
  test("001 §4 a range of 30 rows downloads directly; both ends are required; Cancel resets", async () => {
    const page = await transfersPane();
    let dialog = await openDownloadModal(page);
    await page.screenshot({ path: "/tmp/sleuth-download-modal.png" });
    // Range: the arrow keys move within the radio group; both ends are required (001 §5).
    await tabTo(page, dialog.getByRole("radio", { name: "All rows" }));
    await page.keyboard.press("ArrowDown");
    await expectFocused(dialog.getByRole("radio", { name: "A range of rows" }));
    await page.keyboard.press("Tab");
    await page.keyboard.type("1");
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("Enter both the first and the last row of the range.");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Cancel reset it: it opens on all rows again.
    dialog = await openDownloadModal(page);
    expect(await dialog.getByRole("radio", { name: "All rows" }).isChecked()).toBe(true);
    await chooseRowRange(page, dialog, 1, 30);
    await expect
      .poll(() => dialog.getByRole("button", { name: "Download", exact: true }).isEnabled())
      .toBe(true);
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^address-transfers_\d{8}T\d{6}Z\.csv$/);
    const text = await readFile((await file.path()) ?? "", "utf8");
    expect(Papa.parse(text, { header: true, skipEmptyLines: true }).data).toHaveLength(30);
    // After submit the dialog closes (001 §4); the download is in the activity log (001 §7 "Other").
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const [entry] = await server.store.query<{ action: string }>(
      "SELECT action FROM activity_log WHERE action = 'download' ORDER BY id DESC LIMIT 1",
    );
    expect(entry?.action).toBe("download");
  });

  test("001 §4 more than 100 rows is 'Process Download'; the job shows in the jobs panel and downloads", async () => {
    const page = await transfersPane();
    const dialog = await openDownloadModal(page);
    await expect.poll(() => dialog.getByTestId("download-plan").textContent()).toMatch(/background job/);
    const process = dialog.getByRole("button", { name: "Process Download" });
    await tabTo(page, process);
    await page.keyboard.press("Enter");
    await page.getByText("Your download is being prepared. You will be notified when it is ready.").waitFor();
    // 001 §9: the header's count (polled every 5 s) shows the ready result.
    await expect.poll(() => page.getByTestId("jobs-count").textContent(), { timeout: 20_000 }).toBe("1");
    await page.keyboard.press("g");
    await page.keyboard.press("j");
    const panel = page.getByRole("dialog", { name: "Background jobs" });
    await panel.waitFor();
    const row = panel.getByTestId("job-row").first();
    await expect.poll(() => row.textContent()).toContain("succeeded");
    expect(await row.textContent()).toContain(
      `${subject.n.toLocaleString("en-US")} of ${subject.n.toLocaleString("en-US")} rows`,
    );
    await page.screenshot({ path: "/tmp/sleuth-jobs-panel.png" });
    const button = row.getByRole("button", { name: /^Download address-transfers_/ });
    await tabTo(page, button);
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const file = await download;
    const text = await readFile((await file.path()) ?? "", "utf8");
    expect(Papa.parse(text, { header: true, skipEmptyLines: true }).data).toHaveLength(subject.n);
    await expect.poll(() => row.textContent()).toContain("downloaded");
    expect(addressChainUrn(subject.chain, subject.address)).toContain(subject.address);
  });

  test("002 §7 the Counterparties pane downloads its rows through the same modal", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await signInAsDemo(
      context,
      server.baseUrl,
      `/address/${subject.chain}/${subject.address}?pane=counterparties`,
    );
    await page.getByTestId("counterparties-table").waitFor();
    const demo = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const count = await demo.asyncJobs.count({
      jobType: "ADDRESS_COUNTERPARTIES_CSV",
      parameters: { addressChainUrn: addressChainUrn(subject.chain, subject.address) },
    });
    expect(count).toBeGreaterThan(0);
    const dialog = await openDownloadModal(page);
    expect(await dialog.textContent()).toContain(`counterparties · ${count.toLocaleString("en-US")} rows`);
    await page.screenshot({ path: "/tmp/sleuth-counterparties-download.png" });
    const direct = count <= 100;
    await expect
      .poll(() => dialog.getByTestId("download-plan").textContent())
      .toMatch(direct ? /direct download/ : /background job/);
    if (!direct) return;
    const button = dialog.getByRole("button", { name: "Download", exact: true });
    await tabTo(page, button);
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^counterparties_\d{8}T\d{6}Z\.csv$/);
    const rows = Papa.parse<Record<string, string>>(await readFile((await file.path()) ?? "", "utf8"), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(count);
    // The pane's first row is the file's first row: the same order, largest volume first.
    const first = await page
      .getByTestId("counterparties-table")
      .locator("tbody tr")
      .first()
      .locator("a")
      .getAttribute("href");
    expect(first ?? "").toContain((rows[0]?.counterpartyUrn ?? "").split(":").at(-1));
  });

  test("001 §2 the risk indicator sidebar downloads its related transfers and relevant addresses through the Download CSV modal", async () => {
    const demo = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    // A busy address with a counterparty indicator (related transfers) and an ownership one
    // (relevant addresses) whose whole tables fit a direct download.
    const busy = await server.store.query<{ chain: ChainId; address: string }>(
      `SELECT chain, address FROM address_summary
       ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 40`,
    );
    const found: {
      chain: ChainId;
      address: string;
      indicator: RiskIndicatorRow;
      position: number;
      count: number;
    }[] = [];
    for (const kind of ["counterparty", "ownership"] as const) {
      for (const candidate of busy) {
        const urn = addressChainUrn(candidate.chain, candidate.address);
        const indicators = await demo.flows.riskIndicators("address", { addressChainUrn: urn });
        const position = indicators.findIndex((row) => row.riskType === kind && row.details.rows.length > 0);
        const indicator = indicators[position];
        if (!indicator) continue;
        const request: ExportRequest =
          kind === "counterparty"
            ? {
                jobType: "CATEGORY_TRANSFERS_CSV",
                parameters: { addressChainUrn: urn, counterpartyCategoryId: indicator.categoryId },
              }
            : {
                jobType: "CATEGORY_ADDRESSES_CSV",
                parameters: { addressChainUrn: urn, ownershipCategoryId: indicator.categoryId },
              };
        const count = await demo.asyncJobs.count(request);
        if (count > 0 && count <= 100) {
          found.push({ ...candidate, indicator, position, count });
          break;
        }
      }
    }
    expect(found.map((one) => one.indicator.riskType)).toContain("counterparty");
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await signInAsDemo(context, server.baseUrl);
    for (const { chain, address, indicator, position, count } of found) {
      const transfers = indicator.riskType === "counterparty";
      await page.goto(`${server.baseUrl}/address/${chainById(chain)?.symbol ?? chain}/${address}`);
      await page.getByRole("tab", { name: "Risk" }).waitFor();
      await page.keyboard.press("5");
      await page.getByTestId("risk-table").waitFor();
      if (transfers) {
        // j walks the indicators (the pane's rows in the answer's order) to this one; Enter opens it.
        for (let step = 0; step <= position; step++) await page.keyboard.press("j");
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
          indicator.category,
        );
        await page.keyboard.press("Enter");
      } else {
        // r: the palette's "Open risk indicator…" lists the pane's indicators once they have loaded.
        await page.keyboard.press("r");
        await page.getByPlaceholder("Risk indicator").waitFor();
        await page.keyboard.type(`${indicator.category} (Ownership)`);
        await page.getByRole("option", { name: `${indicator.category} (Ownership)` }).waitFor();
        await page.keyboard.press("Enter");
      }
      await page.getByTestId("risk-sidebar").waitFor();
      await page.getByTestId(transfers ? "risk-details-transfers" : "risk-details-addresses").waitFor();
      // Shift+D: the sidebar gives way to the Download CSV modal over the indicator's whole table.
      await page.keyboard.press("Shift+D");
      const dialog = page.getByRole("dialog", { name: "Download CSV" });
      await dialog.waitFor();
      await page.getByTestId("risk-sidebar").waitFor({ state: "detached" });
      const label = `${indicator.category} ${transfers ? "transfers" : "addresses"}`;
      await expect
        .poll(() => dialog.textContent())
        .toContain(`${label} · ${count.toLocaleString("en-US")} ${count === 1 ? "row" : "rows"}`);
      await expect.poll(() => dialog.getByTestId("download-plan").textContent()).toMatch(/direct download/);
      const button = dialog.getByRole("button", { name: "Download", exact: true });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await page.screenshot({ path: `/tmp/sleuth-risk-sidebar-download-${indicator.riskType}.png` });
      await tabTo(page, button);
      const download = page.waitForEvent("download");
      await page.keyboard.press("Enter");
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/_\d{8}T\d{6}Z\.csv$/);
      const text = await readFile((await file.path()) ?? "", "utf8");
      expect(text.split("\r\n")[0]).toBe(
        (transfers ? categoryTransferCsvFields : categoryAddressCsvFields).join(","),
      );
      expect(Papa.parse(text, { header: true, skipEmptyLines: true }).data).toHaveLength(count);
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }
  });
});
