import { addressChainUrn, type ChainId, flowMessages } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { isFocused, signInAsDemo } from "./keyboard.ts";

// The Owned addresses pane of entity and custom-entity pages (001 §2 category addresses table),
// keyboard only: choose an ownership category, reorder, page, open a row, download. With
// SLEUTH_SCREENSHOTS=<dir> the pane is also saved as a PNG there.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
const screenshots = process.env.SLEUTH_SCREENSHOTS;

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
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

const shownUrns = (page: Page) =>
  page
    .getByTestId("ownership-addresses-table")
    .locator("tbody tr [data-row-link]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));

/** The console path of each address row, as the table links it. */
function pathsOf(rows: readonly { addressChainUrn: string }[]): string[] {
  return rows.map((row) => row.addressChainUrn.split(":").slice(4).join(":"));
}

describe("owned addresses pane (001 §2 category addresses table)", () => {
  test("001 §2 an entity's owned addresses by keyboard: category, order, pages, a row, the download", async () => {
    // The entity owning the most addresses of one category: more than one page of 25.
    const [owner] = await server.store.query<{ slug: string; urn: string }>(
      `SELECT e.slug, e.urn FROM addresses a JOIN entities e ON e.id = a.entity_id
       JOIN address_categories x ON x.address_id = a.id
       GROUP BY e.slug, e.urn, x.category_id ORDER BY count(*) DESC, e.slug LIMIT 1`,
    );
    const client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const subject = { entityUrn: owner!.urn };
    const categories = await client.flows.ownershipCategories("entity", subject);
    const [top] = categories;
    expect(top!.addresses).toBeGreaterThan(25);
    const byVolume = await client.flows.ownershipAddresses("entity", {
      ...subject,
      ownershipCategoryId: top!.categoryId,
    });
    const secondPage = await client.flows.ownershipAddresses("entity", {
      ...subject,
      ownershipCategoryId: top!.categoryId,
      offset: 25,
    });
    const byIncoming = await client.flows.ownershipAddresses("entity", {
      ...subject,
      ownershipCategoryId: top!.categoryId,
      sort: { field: "incomingVolumeUsd", direction: "desc" },
    });

    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await signInAsDemo(context, server.baseUrl, `/entity/${owner!.slug}`);
    await page.getByRole("tab", { name: "Owned addresses" }).waitFor();
    // An entity page has seven panes before it: digit 9.
    await page.keyboard.press("9");
    const select = page.getByTestId("ownership-select");
    await select.waitFor();
    expect(await select.locator("option").count()).toBe(categories.length);
    expect(await select.locator("option:checked").textContent()).toContain(top!.category);
    await expect
      .poll(() => page.getByTestId("ownership-page").textContent())
      .toBe(`1–25 of ${top!.addresses.toLocaleString("en-US")}`);
    const hrefTail = (hrefs: (string | null)[]) =>
      hrefs.map((href) => decodeURIComponent(href?.split("/").at(-1) ?? ""));
    await expect.poll(async () => hrefTail(await shownUrns(page))).toEqual(pathsOf(byVolume));
    await snap(page, "ownership");

    // n pages on by 25; p comes back.
    await page.keyboard.press("n");
    await expect.poll(async () => hrefTail(await shownUrns(page))).toEqual(pathsOf(secondPage));
    expect(await page.getByTestId("ownership-page").textContent()).toMatch(/^26–/);
    await page.keyboard.press("p");
    await expect.poll(async () => hrefTail(await shownUrns(page))).toEqual(pathsOf(byVolume));

    // s orders by the next field: incoming volume.
    await page.keyboard.press("s");
    await expect.poll(() => page.getByTestId("ownership-sort").inputValue()).toBe("incomingVolumeUsd");
    await expect.poll(async () => hrefTail(await shownUrns(page))).toEqual(pathsOf(byIncoming));

    // 000 §5: f focuses the address filter; a pasted URN keeps that address alone, x resets.
    await page.keyboard.press("f");
    await page.keyboard.type(byIncoming[3]!.addressChainUrn);
    await page.keyboard.press("Enter");
    await expect.poll(async () => hrefTail(await shownUrns(page))).toEqual(pathsOf([byIncoming[3]!]));
    expect(await page.getByTestId("ownership-page").textContent()).toBe("Page 1");
    await snap(page, "ownership-filtered");
    await page.keyboard.press("x");
    await expect.poll(async () => hrefTail(await shownUrns(page))).toEqual(pathsOf(byIncoming));

    // Shift+D: the Download CSV modal over the whole category, in the table's order.
    await page.keyboard.press("Shift+D");
    const dialog = page.getByRole("dialog", { name: "Download CSV" });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain(`${top!.category} addresses · ${top!.addresses.toLocaleString("en-US")} rows`);
    await snap(page, "ownership-download");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // j focuses the first row; Enter opens that address's page.
    await page.keyboard.press("j");
    const firstLink = page
      .getByTestId("ownership-addresses-table")
      .locator("tbody tr [data-row-link]")
      .first();
    expect(await isFocused(firstLink)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => decodeURIComponent(url.pathname).endsWith(`/${pathsOf(byIncoming)[0]}`));
  });

  test("001 §2 a custom entity whose members carry no ownership category says so", async () => {
    const [unowned] = await server.store.query<{ chain: ChainId; address: string }>(
      `SELECT a.chain, a.address FROM addresses a
       WHERE a.entity_id IS NULL AND NOT EXISTS (SELECT 1 FROM address_categories x WHERE x.address_id = a.id)
       ORDER BY a.id LIMIT 1`,
    );
    const client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const created = await client.customEntities.create({
      name: `Unowned ${Date.now()}`,
      resources: [{ resourceUrn: addressChainUrn(unowned!.chain, unowned!.address) }],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemo(context, server.baseUrl, `/custom-entity/${created.uuid}`);
    await page.getByRole("tab", { name: "Owned addresses" }).waitFor();
    // A custom-entity page has six panes before it: digit 8.
    await page.keyboard.press("8");
    await page.getByTestId("ownership-empty").getByText(flowMessages.noOwnershipCategories).waitFor();
    await snap(page, "ownership-empty");
  });
});
