import { randomBytes } from "node:crypto";
import { type ChainId, chainById, chainsOfFamily, encodeAddress } from "@sleuth/sdk";
import type { Browser, BrowserContext, Locator, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, isFocused, signInAsDemo } from "./keyboard.ts";

// Global search in real Chromium against a real server over the small demo world, driven by the
// keyboard only (issue 5: "an investigator finds any demo-world address, transaction, entity, custom
// entity or IP from the palette by keyboard alone and lands on the right page").

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

interface Samples {
  address: { chain: string; address: string };
  transaction: { chain: string; hash: string };
  entity: { slug: string; name: string };
  customEntity: { uuid: string; name: string };
  ip: string;
}
let samples: Samples;

async function one<T>(sql: string): Promise<T> {
  const [row] = await server.store.query<T>(sql);
  if (!row) throw new Error(`no sample for ${sql}`);
  return row;
}

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  // Identifiers straight from the store the server reads: whatever the generator made, the palette
  // must find it.
  samples = {
    address: await one(
      `SELECT a.chain, a.address FROM addresses a
       WHERE a.chain = 'bitcoin' AND a.first_active IS NOT NULL ORDER BY a.id LIMIT 1`,
    ),
    transaction: await one(
      "SELECT chain, hash FROM transactions WHERE chain = 'bitcoin' ORDER BY id LIMIT 1",
    ),
    entity: await one("SELECT slug, name FROM entities ORDER BY id LIMIT 1"),
    customEntity: await one(
      `SELECT ce.uuid::text AS uuid, ce.name FROM custom_entities ce
       JOIN organizations o ON o.id = ce.organization_id
       WHERE o.name = 'Demo Investigations' ORDER BY ce.id LIMIT 1`,
    ),
    ip: (
      await one<{ ip: string }>(
        `SELECT h.ip FROM inet_hosts h WHERE EXISTS (SELECT 1 FROM inet_observations o WHERE o.inet_id = h.id)
         ORDER BY h.id LIMIT 1`,
      )
    ).ip,
  };
});

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

afterEach(async () => {
  await context?.close();
});

const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette/ });
const paletteInput = (page: Page) => palette(page).getByRole("combobox");
const option = (page: Page, text: string | RegExp) =>
  palette(page).getByRole("option").filter({ hasText: text });
/** A search result row of the palette (not a command or the rows that open the typed text). */
const result = (page: Page, text: string) =>
  palette(page).locator('[role="option"][data-kind="result"]').filter({ hasText: text });
const segment = (chain: string) => chainById(chain)?.symbol ?? chain;

/** Signs in as the demo user with the keyboard and waits for the home page. */
async function signedIn(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return signInAsDemo(context, server.baseUrl);
}

/** Opens the palette with Mod+K and types a query. */
async function search(page: Page, query: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+k");
  await expectFocused(paletteInput(page));
  await page.keyboard.type(query);
}

/** Waits until `row` is the highlighted option, then presses Enter on it. */
async function openHighlighted(page: Page, row: Locator): Promise<void> {
  await expect.poll(() => row.getAttribute("aria-selected"), { timeout: 10_000 }).toBe("true");
  await page.keyboard.press("Enter");
  await palette(page).waitFor({ state: "detached" });
}

describe("global search from the palette (000 §2, 000 §4, 002 §2, 002 §4)", () => {
  test("000 §2 global search navigation: an address opens its address page with chain and risk", async () => {
    const { chain, address } = samples.address;
    const page = await signedIn();
    await search(page, address);
    await openHighlighted(page, result(page, address.slice(-10)));

    await page.waitForURL(`${server.baseUrl}/address/${segment(chain)}/${address}`);
    await page.getByRole("heading", { level: 1, name: address }).waitFor();
    expect(await page.getByTestId("chain").textContent()).toBe("Bitcoin");
    await page.getByTestId("metrics").waitFor();
  });

  test("000 §2 global search navigation: a transaction hash opens the transaction explorer", async () => {
    const { chain, hash } = samples.transaction;
    const page = await signedIn();
    await search(page, hash);
    await openHighlighted(page, result(page, hash.slice(-16)));

    await page.waitForURL(`${server.baseUrl}/tx/${segment(chain)}/${hash}`);
    await page.getByRole("heading", { level: 1, name: hash }).waitFor();
    await page.getByTestId("transaction-details").waitFor();
  });

  test("002 §3 search history: an opened address comes back under Recent searches, and Enter opens it again", async () => {
    const { chain, address } = samples.address;
    const addressPage = `${server.baseUrl}/address/${segment(chain)}/${address}`;
    const page = await signedIn();
    // Nothing searched yet: the empty palette starts with its commands.
    await page.keyboard.press("ControlOrMeta+k");
    await expectFocused(paletteInput(page));
    expect(await palette(page).getByText("Recent searches").count()).toBe(0);
    await page.keyboard.press("Escape");

    await search(page, address);
    await openHighlighted(page, result(page, address.slice(-10)));
    await page.waitForURL(addressPage);
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    await page.waitForURL(`${server.baseUrl}/`);

    await page.keyboard.press("ControlOrMeta+k");
    await expectFocused(paletteInput(page));
    await palette(page).getByText("Recent searches").waitFor();
    const recent = palette(page).locator('[role="option"][data-kind="recent"]');
    expect(await recent.count()).toBe(1);
    expect(await recent.textContent()).toContain(address.slice(-6));
    expect(await recent.textContent()).toContain("Address on Bitcoin");
    // The most recent search is the first row, highlighted as the palette opens.
    await openHighlighted(page, recent);
    await page.waitForURL(addressPage);
    await page.getByRole("heading", { level: 1, name: address }).waitFor();
  });

  test("000 §5 a typed 0x-address is offered on the EVM chains the server has data on only", async () => {
    const covered = new Set(
      (await server.store.query<{ chain: ChainId }>("SELECT DISTINCT chain FROM addresses")).map(
        (row) => row.chain,
      ),
    );
    const evm = chainsOfFamily("evm");
    const searched = evm.filter((chain) => covered.has(chain.id)).map((chain) => chain.name);
    const excluded = evm.filter((chain) => !covered.has(chain.id)).map((chain) => chain.name);
    expect(excluded.length).toBeGreaterThan(0);
    const address = encodeAddress("ethereum", "evm", randomBytes(20));

    const page = await signedIn();
    await search(page, address);
    const open = palette(page).locator('[role="option"][data-kind="open"]');
    // The row names up to three chains, else two and a count: the small world's EVM chains fit.
    expect(searched.length).toBeLessThanOrEqual(3);
    await expect.poll(() => open.textContent(), { timeout: 10_000 }).toContain(searched.join(", "));
    const text = (await open.textContent()) ?? "";
    expect(text).not.toContain("more chains");
    for (const name of excluded) expect(text).not.toContain(name);
  });

  test("002 §3 the submit row shows a long query shortened, not hidden", async () => {
    // A taproot address (62 characters) is longer than the query's box in any font.
    const address = encodeAddress("bitcoin", "p2tr", randomBytes(32));
    const page = await signedIn();
    await search(page, address);
    const query = palette(page).locator('[role="option"][data-kind="submit"] .sleuth-palette-query');
    await expect.poll(() => query.textContent(), { timeout: 10_000 }).toBe(address);
    // The title's own ellipsis used to replace the whole query ("See all results for ‘…"): the
    // query's box ran past the title's, which clipped it. Now it fits and carries its own ellipsis.
    const shown = await query.evaluate((element) => {
      const title = element.parentElement!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return {
        width: box.width,
        inside: box.right <= title.right + 0.5,
        ellipsis: element.scrollWidth > element.clientWidth,
      };
    });
    expect(shown).toMatchObject({ inside: true, ellipsis: true });
    expect(shown.width).toBeGreaterThan(100);
  });

  test("002 §2 a selected suggestion opens its entity page", async () => {
    const { slug, name } = samples.entity;
    const page = await signedIn();
    await search(page, name);
    await openHighlighted(page, result(page, name).first());

    await page.waitForURL(`${server.baseUrl}/entity/${slug}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByTestId("metrics").waitFor();
  });

  test("002 §2 a custom entity of the organization opens its custom entity page", async () => {
    const { uuid, name } = samples.customEntity;
    const page = await signedIn();
    await search(page, name);
    await openHighlighted(page, result(page, name));

    await page.waitForURL(`${server.baseUrl}/custom-entity/${uuid}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
  });

  test("000 §2 IP observation results open the block explorer's IP page", async () => {
    const page = await signedIn();
    await search(page, samples.ip);
    await openHighlighted(page, result(page, samples.ip));

    await page.waitForURL(`${server.baseUrl}/ip/${samples.ip}`);
    await page.getByRole("heading", { level: 1, name: samples.ip }).waitFor();
    await page.getByTestId("ip-details").waitFor();
  });

  test("002 §8 no results: the exact texts, then Request information becomes 'Information requested'", async () => {
    const query = "zzqx no such party anywhere";
    const page = await signedIn();
    await search(page, query);
    const notice = palette(page).getByTestId("palette-notice");
    await notice.waitFor();
    expect(await notice.locator("p").allTextContents()).toEqual([
      "Your search did not match any records.",
      "Make sure all words are spelled correctly.",
      "Try different keywords.",
    ]);
    // 000 §9: the quoted query is cut to 20 characters.
    await palette(page).getByRole("group", { name: "Still looking for ‘zzqx no such party a…’?" }).waitFor();

    const request = option(page, "Request information");
    for (let presses = 0; presses < 5 && (await request.getAttribute("aria-selected")) !== "true"; presses++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Request information" });
    await dialog.waitFor();
    await expectFocused(dialog.getByLabel("Details (optional)"));
    await page.keyboard.type("The exchange that received the ransom");
    await page.keyboard.press("ControlOrMeta+Enter");

    await dialog.waitFor({ state: "detached" });
    await palette(page).getByText("Information requested").waitFor();
    await expectFocused(paletteInput(page));
    const reports = await server.store.query<{ payload: { query: string; details?: string } }>(
      "SELECT payload FROM user_reports WHERE kind = 'status-report' ORDER BY id DESC LIMIT 1",
    );
    expect(reports[0]?.payload).toEqual({ query, details: "The exchange that received the ransom" });
  });

  test("002 §4 a failed section shows its delay message with a retry link that loads it", async () => {
    const { name } = samples.entity;
    const page = await signedIn();
    // One honest failure: the entity section's requests are dropped on the network until retried;
    // every other request, and the retry, reach the real server.
    let failing = true;
    await page.route(/\/v3\/attribution\/autocomplete\?.*attributionType=entity/, (route) =>
      failing ? route.abort("failed") : route.continue(),
    );
    await search(page, name);
    const retry = option(page, "Entity results are taking longer than usual.");
    await retry.waitFor({ timeout: 15_000 });
    expect(await retry.textContent()).toContain("Retry");

    failing = false;
    for (let presses = 0; presses < 5 && (await retry.getAttribute("aria-selected")) !== "true"; presses++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await result(page, name).first().waitFor();
    expect(await retry.count()).toBe(0);
  });

  test("STYLE Keyboard: Esc closes the palette with its results and the focus returns where it was", async () => {
    const page = await signedIn();
    const switcher = page.getByTestId("organization-switcher");
    for (let presses = 0; presses < 15 && !(await isFocused(switcher)); presses++)
      await page.keyboard.press("Tab");
    await expectFocused(switcher);

    await search(page, samples.entity.name);
    await result(page, samples.entity.name).first().waitFor();
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "detached" });
    await expectFocused(switcher);
  });

  test("002 §4 results wait for the typing to pause, and a newer query aborts the requests of the last", async () => {
    const page = await signedIn();
    const sent: string[] = [];
    const aborted: string[] = [];
    const queryOf = (url: string) => new URL(url).searchParams.get("query") ?? "";
    page.on("request", (request) => {
      if (request.url().includes("/v3/attribution/autocomplete")) sent.push(queryOf(request.url()));
    });
    page.on("requestfailed", (request) => {
      if (request.url().includes("/v3/attribution/autocomplete")) aborted.push(queryOf(request.url()));
    });
    const first = samples.entity.name.slice(0, 5);
    // The first query's answers are held back until the test has seen them aborted, so they are still
    // on their way when the query changes.
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    await page.route(/\/v3\/attribution\/autocomplete\?/, async (route) => {
      if (queryOf(route.request().url()) === first) await firstHeld;
      await route.continue().catch(() => {});
    });

    await page.keyboard.press("ControlOrMeta+k");
    await expectFocused(paletteInput(page));
    // Typed faster than the debounce: no request for any of the partial queries.
    await page.keyboard.type(first, { delay: 40 });
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([first]));

    await page.keyboard.type(samples.entity.name.slice(first.length));
    const second = samples.entity.name.trim();
    expect(second.length).toBeGreaterThan(first.length);
    await expect.poll(() => sent.includes(second), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => aborted.filter((query) => query === first).length).toBeGreaterThan(0);
    releaseFirst();
    expect(aborted).not.toContain(second);
  });

  test("002 §2 / opens the palette from any page, and a search from there opens the next page", async () => {
    const { slug, name } = samples.entity;
    const page = await signedIn();
    await page.keyboard.press("/");
    await expectFocused(paletteInput(page));
    await page.keyboard.type(samples.address.address);
    await openHighlighted(page, result(page, samples.address.address.slice(-10)));
    await page.waitForURL(`**/address/${segment(samples.address.chain)}/${samples.address.address}`);

    await page.keyboard.press("/");
    await expectFocused(paletteInput(page));
    await page.keyboard.type(name);
    await openHighlighted(page, result(page, name).first());
    await page.waitForURL(`**/entity/${slug}`);
  });

  test("000 §4 a submitted query records the search_query activity entry", async () => {
    const query = samples.entity.name.slice(0, 5);
    const page = await signedIn();
    await search(page, query);
    await page.keyboard.press("ControlOrMeta+Enter");
    await page.waitForURL(/\/search\?q=/);
    await expect
      .poll(
        async () =>
          (
            await server.store.query<{ details: { query?: string } }>(
              "SELECT details FROM activity_log WHERE action = 'search_query' ORDER BY id DESC LIMIT 1",
            )
          )[0]?.details.query,
      )
      .toBe(query);
  });
});

describe("search results page and search commands (002 §2)", () => {
  test("002 §2 results page: tabs in the spec's order, the initial tab from the query, j/k and Enter", async () => {
    const { name, slug } = samples.entity;
    const page = await signedIn();
    await search(page, name);
    await result(page, name).first().waitFor();
    await page.keyboard.press("ControlOrMeta+Enter");

    await page.waitForURL(`${server.baseUrl}/search?q=${encodeURIComponent(name).replaceAll("%20", "+")}`);
    const tabs = page.getByRole("tablist", { name: "Result kinds" }).getByRole("tab");
    await tabs.first().waitFor();
    expect((await tabs.allInnerTexts()).map((text) => text.split("\n")[0]?.trim())).toEqual([
      "Custom Entities",
      "Entities",
      "Transactions",
      "Addresses",
      "IPs",
    ]);
    // 002 §2: a name is most likely an entity, so the Entities tab opens.
    expect(await page.getByRole("tab", { name: /Entities/, selected: true }).textContent()).toMatch(
      /^Entities/,
    );
    const table = page.getByRole("tabpanel").getByRole("table");
    await table.waitFor();

    await page.keyboard.press("j");
    const first = table.getByRole("link").first();
    await expectFocused(first);
    expect(await first.textContent()).toBe(name);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.baseUrl}/entity/${slug}`);
  });

  test("002 §2 multi-search: a textarea 100 to 240 px high, one identifier per line", async () => {
    const page = await signedIn();
    await page.keyboard.press("ControlOrMeta+Shift+K");
    const dialog = page.getByRole("dialog", { name: "Multi-search" });
    await dialog.waitFor();
    const field = dialog.getByLabel("Identifiers");
    await expectFocused(field);
    // offsetHeight: the layout height, unaffected by the dialog's opening animation.
    const height = () => field.evaluate((element) => (element as HTMLElement).offsetHeight);
    expect(await height()).toBeGreaterThanOrEqual(100);
    for (const line of [
      samples.ip,
      samples.entity.name,
      samples.customEntity.name,
      "x",
      "y",
      "z",
      "w",
      "v",
    ]) {
      await page.keyboard.type(line);
      await page.keyboard.press("Enter");
    }
    expect(await height()).toBeLessThanOrEqual(240);
    await page.keyboard.press("ControlOrMeta+Enter");

    await page.getByRole("heading", { level: 1, name: "Search results for 8 items" }).waitFor();
    await expect.poll(() => page.getByRole("tab", { name: /IPs/ }).textContent()).toMatch(/IPs\s*1/);
  });

  test("002 §2 the random button opens a random Ethereum page", async () => {
    const page = await signedIn();
    await page.keyboard.press("g");
    await page.keyboard.press("r");
    await page.waitForURL(/\/(address|tx)\/eth\//);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
  });

  test("STYLE Keyboard: c copies the page's identifier and ? lists the search shortcuts", async () => {
    const { chain, address } = samples.address;
    const page = await signedIn();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type(address);
    await openHighlighted(page, result(page, address.slice(-10)));
    await page.waitForURL(`${server.baseUrl}/address/${segment(chain)}/${address}`);
    await expectFocused(page.getByRole("heading", { level: 1, name: address }));

    await page.keyboard.press("c");
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    await page.keyboard.press("?");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await shortcuts.waitFor();
    const text = await shortcuts.textContent();
    for (const description of [
      "Open the command palette",
      "Open a random Ethereum address or transaction",
      "Multi-search: several identifiers at once",
      "Copy the address",
    ])
      expect(text).toContain(description);
  });
});
