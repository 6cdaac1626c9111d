import {
  type AddressType,
  addressChainUrn,
  addressPropertyTags,
  type ChainId,
  chainById,
  displayAddress,
  transactionUrn,
} from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo } from "./keyboard.ts";

// Issue 27 in real Chromium, keyboard only: the busiest address of the small demo world opened
// from the palette, its Transfers pane read, paged, jumped, filtered and left for a transaction.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let busiest: { chain: string; address: string };
/** The busiest address's transaction hashes, newest first, as the store holds them. */
let hashes: string[];
let entity: { urn: string; name: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  const [row] = await server.store.query<{ id: string; chain: string; address: string }>(
    `SELECT a.id::text AS id, a.chain, a.address
     FROM (SELECT address_id, count(*) AS n FROM transfers GROUP BY address_id ORDER BY n DESC, address_id LIMIT 1) b
     JOIN addresses a ON a.id = b.address_id`,
  );
  busiest = row!;
  const rows = await server.store.query<{
    hash: string;
    entity_urn: string | null;
    entity_name: string | null;
  }>(
    `SELECT x.hash, e.urn AS entity_urn, e.name AS entity_name FROM transfers t
     JOIN transactions x ON x.id = t.transaction_id LEFT JOIN entities e ON e.id = t.counterparty_entity_id
     WHERE t.address_id = $1 ORDER BY t.block_timestamp DESC, t.id DESC`,
    [row!.id],
  );
  hashes = rows.map((transfer) => transfer.hash);
  const named = rows.find((transfer) => transfer.entity_urn)!;
  entity = { urn: named.entity_urn!, name: named.entity_name! };
});

afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
  await server?.close();
});

const table = (page: Page) => page.getByTestId("transfers-table");
const transactionLinks = (page: Page) => table(page).locator("[data-transfer-link]");
const firstHash = (page: Page) => transactionLinks(page).first().getAttribute("title");

describe("issue 27 the Transfers pane by keyboard alone", () => {
  test("001 §4 pages, jump-to, counterparty filter and reset, then Enter opens the transaction", async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    // The palette finds the address (000 §2) and Enter opens its page.
    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type(busiest.address);
    const result = page
      .locator('[role="option"][data-kind="result"]')
      .filter({ hasText: busiest.address.slice(-10) });
    await expect.poll(() => result.first().getAttribute("aria-selected"), { timeout: 10_000 }).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL(
      `${server.baseUrl}/address/${chainById(busiest.chain)?.symbol ?? busiest.chain}/${busiest.address}`,
    );

    // 2 shows the Transfers pane (once the page is there): 30 rows, newest first (001 §9).
    await page.getByRole("tab", { name: "Transfers" }).waitFor();
    await page.keyboard.press("2");
    await table(page).waitFor();
    await expect.poll(() => transactionLinks(page).count()).toBe(30);
    expect(await firstHash(page)).toBe(hashes[0]);

    // j and k move along the rows; the arrows too.
    await page.keyboard.press("j");
    await expectFocused(transactionLinks(page).nth(0));
    await page.keyboard.press("j");
    await expectFocused(transactionLinks(page).nth(1));
    await page.keyboard.press("ArrowUp");
    await expectFocused(transactionLinks(page).nth(0));

    // n and p page along the cursors.
    await page.keyboard.press("n");
    await expect.poll(() => firstHash(page)).toBe(hashes[30]);
    await page.keyboard.press("p");
    await expect.poll(() => firstHash(page)).toBe(hashes[0]);

    // t jumps to a transaction (000 §5: the hash takes the address's chain).
    await page.keyboard.press("t");
    await expectFocused(page.getByTestId("transfers-jump-to"));
    await page.keyboard.type(hashes[45]!);
    await page.keyboard.press("Enter");
    await expect.poll(() => firstHash(page)).toBe(hashes[45]);
    // Empty input clears the jump.
    await page.keyboard.press("t");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Enter");
    await expect.poll(() => firstHash(page)).toBe(hashes[0]);

    // f filters by counterparty; a filter nothing matches offers Reset filters (001 §8).
    await page.keyboard.press("f");
    await expectFocused(page.getByTestId("transfers-counterparty"));
    await page.keyboard.type(entity.urn);
    await page.keyboard.press("Enter");
    await expect
      .poll(async () =>
        (await table(page).locator("tbody tr").allTextContents()).every((text) => text.includes(entity.name)),
      )
      .toBe(true);
    await page.keyboard.press("f");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("zzzzzz");
    await page.keyboard.press("Enter");
    await page.getByTestId("transfers-empty").getByText("No transfers match these filters.").waitFor();
    await page.keyboard.press("x");
    await expect.poll(() => transactionLinks(page).count()).toBe(30);

    // The shortcuts dialog lists the pane's keys.
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Jump to transaction…").waitFor();
    await dialog.getByText("Filter by counterparty…").waitFor();
    await page.keyboard.press("Escape");

    // Enter on a row opens its transaction.
    await page.keyboard.press("j");
    await expectFocused(transactionLinks(page).nth(0));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/tx/") && url.pathname.endsWith(hashes[0]!));
  });

  test("issue 44 the pane keeps the page's one width; the table scrolls sideways inside it", async () => {
    const narrow = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await signInAsDemo(narrow, server.baseUrl);
      const path = `/address/${chainById(busiest.chain)?.symbol ?? busiest.chain}/${busiest.address}`;
      await page.goto(`${server.baseUrl}${path}?pane=transfers`);
      await expect.poll(() => transactionLinks(page).count(), { timeout: 15_000 }).toBe(30);
      // The page's column: its content box, where the header and the tabs sit.
      const column = await page.getByTestId("address-page").evaluate((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return {
          left: Math.round(box.left + Number.parseFloat(style.paddingLeft)),
          right: Math.round(box.right - Number.parseFloat(style.paddingRight)),
        };
      });
      const heading = (await page.getByTestId("address-page").locator("h1").boundingBox())!;
      const scroller = page.locator(".sleuth-transfers-scroll");
      const pane = (await scroller.boundingBox())!;
      // Header and table start and end in that same column…
      expect(Math.round(heading.x)).toBe(column.left);
      expect([Math.round(pane.x), Math.round(pane.x + pane.width)]).toEqual([column.left, column.right]);
      // …the page itself never scrolls sideways, the table does, within that column.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const sideways = await table(page).evaluate((element) => {
        let region = element.parentElement;
        while (region && getComputedStyle(region).overflowX !== "auto") region = region.parentElement;
        return region
          ? { overflows: region.scrollWidth > region.clientWidth, width: region.clientWidth }
          : null;
      });
      expect(sideways).toEqual({ overflows: true, width: column.right - column.left });
    } finally {
      await narrow.close();
    }
  });
});

describe("issue 39 the transaction page of 002 §2 by keyboard alone", () => {
  test("002 §2 property tags and wrapped pane tabs on the address page; each party's tags, n, p, x and P on the transaction page", async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    // The busiest address's newest transaction and the one before it.
    const newest = hashes[0]!;
    const before = hashes.find((hash) => hash !== newest)!;
    const shown = displayAddress(busiest.chain as ChainId, busiest.address);
    const parties = page.getByTestId("transaction-parties");
    const focusBusiest = async () => {
      for (let step = 0; step < 40; step++) {
        await page.keyboard.press("j");
        if ((await page.evaluate(() => document.activeElement?.getAttribute("title"))) === shown) return;
      }
      throw new Error(`No row of ${shown}`);
    };

    // 001 §3 the address page shows the address's property tags beside its risk.
    const [stored] = await server.store.query<{ address_type: AddressType; multisig: string | null }>(
      "SELECT address_type, multisig FROM addresses WHERE chain = $1 AND address = $2",
      [busiest.chain, busiest.address],
    );
    expect(stored?.address_type).toBeTruthy();
    await page.goto(`${server.baseUrl}/address/${busiest.chain}/${busiest.address}`);
    await page.getByTestId("address-property-tag").first().waitFor();
    expect(await page.getByTestId("address-property-tag").allTextContents()).toEqual(
      addressPropertyTags({ addressType: stored!.address_type, multisigType: stored!.multisig }),
    );

    // Issue 39: on a narrow window the pane tabs wrap inside the page and show their digit keys.
    await page.setViewportSize({ width: 760, height: 900 });
    const tabs = page.getByRole("tablist", { name: "Panes" });
    const hint = (index: number) => tabs.getByRole("tab").nth(index).locator("kbd").textContent();
    expect(await hint(0)).toContain("1");
    expect(await hint(1)).toContain("2");
    expect(await hint(1)).not.toContain("1");
    const beyond = await tabs.evaluate((list) => {
      const edge = list.getBoundingClientRect().right;
      return [...list.querySelectorAll('[role="tab"]')].filter(
        (tab) => tab.getBoundingClientRect().right > edge + 1,
      ).length;
    });
    expect(beyond).toBe(0);
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.goto(`${server.baseUrl}/tx/${busiest.chain}/${before}`);
    await parties.waitFor();
    // Each party row shows its address properties and its neighbours' columns.
    expect(await parties.locator("thead").textContent()).toContain("Next transaction");
    // Issue 39: every party's property tags, as the store holds that address's properties.
    const shownTags = await parties.evaluate((table) => {
      const headers = [...table.querySelectorAll("thead th")].map((header) => header.textContent);
      const party = headers.indexOf("Address");
      const properties = headers.indexOf("Address properties");
      return [...table.querySelectorAll("tbody tr")].map((row) => {
        const cells = row.querySelectorAll("td");
        const cell = cells[properties]!;
        return {
          address: cells[party]!.querySelector("[title]")?.getAttribute("title") ?? "",
          tags: cell.querySelector(".sleuth-muted") ? [] : [...cell.children].map((tag) => tag.textContent),
        };
      });
    });
    const storedParties = await server.store.query<{
      address: string;
      address_type: AddressType | null;
      multisig: string | null;
      public_key_compressed: boolean | null;
    }>(
      `SELECT DISTINCT a.address, a.address_type, a.multisig, a.public_key_compressed
         FROM transfers t JOIN transactions x ON x.id = t.transaction_id JOIN addresses a ON a.id = t.address_id
        WHERE a.chain = $1 AND x.hash = $2`,
      [busiest.chain, before],
    );
    const expectedTags = new Map(
      storedParties.map((party) => [
        displayAddress(busiest.chain as ChainId, party.address),
        addressPropertyTags({
          addressType: party.address_type,
          multisigType: party.multisig,
          publicKeyCompressed: party.public_key_compressed,
        }),
      ]),
    );
    expect(shownTags.length).toBeGreaterThan(0);
    expect(shownTags.some((party) => party.tags.length > 0)).toBe(true);
    for (const party of shownTags) expect(party.tags, party.address).toEqual(expectedTags.get(party.address));
    await focusBusiest();
    await page.keyboard.press("n");
    await page.waitForURL((url) => url.pathname.endsWith(newest));
    await parties.waitFor();
    await focusBusiest();
    await page.keyboard.press("p");
    await page.waitForURL((url) => url.pathname.endsWith(before));
    await parties.waitFor();

    await focusBusiest();
    await page.keyboard.press("x");
    await expect.poll(() => parties.getByRole("checkbox", { checked: true }).count()).toBe(1);
    await page.keyboard.press("Shift+P");
    await page.waitForURL((url) => url.pathname === "/graph");
    const plotted = new URL(page.url()).searchParams.getAll("trmUrn");
    expect(plotted).toContain(addressChainUrn(busiest.chain as ChainId, busiest.address));
    expect(plotted).toContain(transactionUrn(busiest.chain as ChainId, before));
  });
});
