import { addressChainUrn, type ChainId, chainById, transferMessages } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { isFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// The category pane of a subject page (001 §2 category transfers table), keyboard only: choose a
// counterparty category, page along the cursor, filter by direction, reset. With
// SLEUTH_SCREENSHOTS=<dir> the pane is also saved as a PNG there.

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

async function snap(page: Page, name: string): Promise<void> {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
}

const hashesOf = (page: Page) =>
  page
    .getByTestId("category-transfers-table")
    .locator("tbody tr [data-row-link]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("title")));

describe("category pane (001 §2 category tables)", () => {
  test("001 §2 the category transfers table by keyboard: choose, page, filter, reset", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    const urn = addressChainUrn(busiest.chain, busiest.address);
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const days = await client.flows.categoryDaily("address", { addressChainUrn: urn });
    const volume = new Map<number, { name: string; usd: number }>();
    for (const day of days) {
      const entry = volume.get(day.categoryId) ?? { name: day.category, usd: 0 };
      entry.usd += day.incomingVolumeUsd + day.outgoingVolumeUsd;
      volume.set(day.categoryId, entry);
    }
    const ranked = [...volume.entries()].sort(
      (a, b) => b[1].usd - a[1].usd || a[1].name.localeCompare(b[1].name),
    );
    expect(ranked.length).toBeGreaterThan(1);
    const [firstId, first] = ranked[0]!;
    const expectedFirst = await client.flows.categoryTransfers("address", {
      addressChainUrn: urn,
      counterpartyCategoryId: firstId,
      pageSize: 30,
    });

    const segment = chainById(busiest.chain)?.symbol ?? busiest.chain;
    await page.goto(`${server.baseUrl}/address/${segment}/${busiest.address}`);
    await page.getByRole("tab", { name: "Categories" }).waitFor();
    // The ninth tab of an address page: digit 9.
    await page.keyboard.press("9");
    const select = page.getByTestId("category-select");
    await select.waitFor();
    expect(await select.locator("option").count()).toBe(ranked.length);
    expect(await select.locator("option:checked").textContent()).toContain(first.name);
    await page.getByTestId("category-transfers-table").waitFor();
    expect(await hashesOf(page)).toEqual(expectedFirst.rows.map((row) => row.txHash));
    await snap(page, "categories");

    // j focuses the first row's transaction link.
    await page.keyboard.press("j");
    expect(
      await isFocused(
        page.getByTestId("category-transfers-table").locator("tbody tr [data-row-link]").first(),
      ),
    ).toBe(true);

    // d filters to incoming transfers; x resets the filter.
    const incoming = await client.flows.categoryTransfers("address", {
      addressChainUrn: urn,
      counterpartyCategoryId: firstId,
      pageSize: 30,
      filters: { direction: "incoming" },
    });
    await page.keyboard.press("d");
    if (incoming.rows.length === 0)
      await page.getByTestId("category-transfers-empty").getByText(transferMessages.filteredEmpty).waitFor();
    else await expect.poll(() => hashesOf(page)).toEqual(incoming.rows.map((row) => row.txHash));
    await page.keyboard.press("x");
    await expect.poll(() => hashesOf(page)).toEqual(expectedFirst.rows.map((row) => row.txHash));

    // Issue 44, 001 §7 filter values: the asset and chain filters offer the category's own values;
    // choosing one (arrow keys on the focused select) filters the rows; x resets it too.
    const values = await client.flows.categoryFilterValues("address", {
      addressChainUrn: urn,
      counterpartyCategoryId: firstId,
    });
    const assetFilter = page.getByTestId("category-asset-filter");
    await expect
      .poll(() => assetFilter.locator("option").allTextContents())
      .toEqual(["All assets", ...values.assets.map((asset) => asset.asset)]);
    expect(await page.getByTestId("category-chain-filter").locator("option").count()).toBe(
      values.chains.length + 1,
    );
    const [asset] = values.assets;
    const byAsset = await client.flows.categoryTransfers("address", {
      addressChainUrn: urn,
      counterpartyCategoryId: firstId,
      pageSize: 30,
      filters: { assetUrn: asset!.assetUrn },
    });
    // The filters sit above the focused row: Shift+Tab back to the asset filter.
    for (let presses = 0; presses < 20 && !(await isFocused(assetFilter)); presses++)
      await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => assetFilter.locator("option:checked").textContent()).toBe(asset!.asset);
    await expect.poll(() => hashesOf(page)).toEqual(byAsset.rows.map((row) => row.txHash));
    // Tab on to the rows (letters in a select pick its options), where x resets.
    await tabTo(
      page,
      page.getByTestId("category-transfers-table").locator("tbody tr [data-row-link]").first(),
    );
    await page.keyboard.press("x");
    await expect.poll(() => assetFilter.locator("option:checked").textContent()).toBe("All assets");

    // w moves to the next category and shows its transfers.
    const [secondId, secondCategory] = ranked[1]!;
    const expectedSecond = await client.flows.categoryTransfers("address", {
      addressChainUrn: urn,
      counterpartyCategoryId: secondId,
      pageSize: 30,
    });
    await page.keyboard.press("w");
    await expect.poll(() => select.locator("option:checked").textContent()).toContain(secondCategory.name);
    if (expectedSecond.rows.length === 0) await page.getByText(transferMessages.emptyCategory).waitFor();
    else await expect.poll(() => hashesOf(page)).toEqual(expectedSecond.rows.map((row) => row.txHash));
    await snap(page, "categories-next");
  });

  test("001 §4 n and p follow the category table's cursor to the next page and back", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    // The address and counterparty category with the most transfers between them: more than a page.
    const [pair] = await server.store.query<{
      chain: ChainId;
      address: string;
      category_id: number;
      name: string;
    }>(
      `SELECT a.chain, a.address, ac.category_id, k.name FROM transfers t
       JOIN address_categories ac ON ac.address_id = t.counterparty_id JOIN categories k ON k.id = ac.category_id
       JOIN addresses a ON a.id = t.address_id
       GROUP BY a.chain, a.address, ac.category_id, k.name ORDER BY count(*) DESC, a.address LIMIT 1`,
    );
    const urn = addressChainUrn(pair!.chain, pair!.address);
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const request = { addressChainUrn: urn, counterpartyCategoryId: pair!.category_id, pageSize: 30 };
    const first = await client.flows.categoryTransfers("address", request);
    expect(first.nextCursor).not.toBeNull();
    const second = await client.flows.categoryTransfers("address", { ...request, after: first.nextCursor! });

    const segment = chainById(pair!.chain)?.symbol ?? pair!.chain;
    await page.goto(`${server.baseUrl}/address/${segment}/${pair!.address}`);
    await page.getByRole("tab", { name: "Categories" }).waitFor();
    await page.keyboard.press("9");
    const select = page.getByTestId("category-select");
    await select.waitFor();
    // w steps through the categories until the pair's one is chosen.
    for (let presses = 0; presses < 20; presses++) {
      if ((await select.inputValue()) === String(pair!.category_id)) break;
      const before = await select.inputValue();
      await page.keyboard.press("w");
      await expect.poll(() => select.inputValue()).not.toBe(before);
    }
    expect(await select.inputValue()).toBe(String(pair!.category_id));
    await expect.poll(() => hashesOf(page)).toEqual(first.rows.map((row) => row.txHash));
    await page.keyboard.press("n");
    await expect.poll(() => page.getByTestId("category-page").textContent()).toBe("Page 2");
    await expect.poll(() => hashesOf(page)).toEqual(second.rows.map((row) => row.txHash));
    await snap(page, "categories-page-2");
    await page.keyboard.press("p");
    await expect.poll(() => page.getByTestId("category-page").textContent()).toBe("Page 1");
    await expect.poll(() => hashesOf(page)).toEqual(first.rows.map((row) => row.txHash));
  });

  test("001 §2 an entity page has the category pane too: its categories and the first one's transfers", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    const [entity] = await server.store.query<{ slug: string; urn: string }>(
      `SELECT e.slug, e.urn FROM transfers t JOIN entities e ON e.id = t.entity_id
       GROUP BY e.slug, e.urn ORDER BY count(*) DESC, e.slug LIMIT 1`,
    );
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const days = await client.flows.categoryDaily("entity", { entityUrn: entity!.urn });
    const volume = new Map<number, { name: string; usd: number }>();
    for (const day of days) {
      const entry = volume.get(day.categoryId) ?? { name: day.category, usd: 0 };
      entry.usd += day.incomingVolumeUsd + day.outgoingVolumeUsd;
      volume.set(day.categoryId, entry);
    }
    const ranked = [...volume.entries()].sort(
      (a, b) => b[1].usd - a[1].usd || a[1].name.localeCompare(b[1].name),
    );
    expect(ranked.length).toBeGreaterThan(0);
    const expected = await client.flows.categoryTransfers("entity", {
      entityUrn: entity!.urn,
      counterpartyCategoryId: ranked[0]![0],
      pageSize: 30,
    });
    await page.goto(`${server.baseUrl}/entity/${entity!.slug}`);
    await page.getByRole("tab", { name: "Categories" }).waitFor();
    // An entity page has six panes before it: digit 8.
    await page.keyboard.press("8");
    const select = page.getByTestId("category-select");
    await select.waitFor();
    expect(await select.locator("option").count()).toBe(ranked.length);
    await expect.poll(() => hashesOf(page)).toEqual(expected.rows.map((row) => row.txHash));
    await snap(page, "categories-entity");
  });

  test("001 §8 a subject without categorised counterparties says so in the spec's words", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl);
    const [quiet] = await server.store.query<{ chain: ChainId; address: string }>(
      `SELECT a.chain, a.address FROM addresses a
       WHERE NOT EXISTS (SELECT 1 FROM transfers t WHERE t.address_id = a.id) ORDER BY a.id LIMIT 1`,
    );
    const segment = chainById(quiet!.chain)?.symbol ?? quiet!.chain;
    await page.goto(`${server.baseUrl}/address/${segment}/${quiet!.address}`);
    await page.getByRole("tab", { name: "Categories" }).waitFor();
    await page.keyboard.press("9");
    await page.getByTestId("categories-empty").getByText(transferMessages.emptyCategory).waitFor();
    await snap(page, "categories-empty");
  });
});
