import { chainById } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page, Route } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { signInAsDemo, tabTo } from "./keyboard.ts";

// Issue 44: the spec's messages where a load or an update fails (000 §8), each failure made by the
// network answering 500 for that one call (Playwright routes; every other call reaches the real
// server), and what the console does after: roll back, Retry, Reset Filters.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let busiest: { chain: string; address: string };
let owned: { chain: string; address: string };
let other: { chain: string; address: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  [busiest] = (await server.store.query(
    `SELECT a.chain, a.address FROM address_counterparties c JOIN addresses a ON a.id = c.address_id
      GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
  )) as [typeof busiest];
  // An address an entity with property groups owns (the owner's cards in triage).
  [owned] = (await server.store.query(
    `SELECT a.chain, a.address FROM addresses a JOIN entities e ON e.id = a.entity_id
      WHERE e.law_enforcement_contact IS NOT NULL ORDER BY a.id LIMIT 1`,
  )) as [typeof owned];
  [other] = (await server.store.query(
    `SELECT chain, address FROM addresses WHERE address <> $1 ORDER BY id LIMIT 1`,
    [busiest.address],
  )) as [typeof other];
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});
afterEach(async () => {
  await context?.close();
});

async function signedIn(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  return signInAsDemo(context, server.baseUrl);
}

/** The server's own error envelope, as a failing server answers. */
const serverError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: "application/json",
    body: JSON.stringify({ error: { code: "internal", message: "Something went wrong on the server" } }),
  });

const addressPath = () => `/address/${chainById(busiest.chain)?.symbol ?? busiest.chain}/${busiest.address}`;

describe("issue 44 failures the console recovers from", () => {
  test("000 §4/§8 a case update that fails is rolled back and says 'There was an issue updating case: {id}'", async () => {
    const client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const created = await client.cases.create({ name: "Rollback check", isSharedWithOrg: false });
    const page = await signedIn();
    // The update waits until the test has seen the optimistic change, then fails.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(new RegExp(`/cases/${created.id}$`), async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      await held;
      return serverError(route);
    });
    await page.goto(`${server.baseUrl}/workspace/cases/${created.id}`);
    const toggle = page.locator(".sleuth-share-toggle button");
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await page.locator("body").focus();
    await page.keyboard.press("e");
    await page.keyboard.press("s");
    // Optimistic: shown shared at once…
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    release();
    // …then rolled back, with the spec's message.
    await page.getByText(`There was an issue updating case: ${created.id}`).waitFor();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect((await client.cases.get(created.id)).isSharedWithOrg).toBe(false);
  });

  test("000 §8 a failed panel shows the generic message; Retry loads it, Reset Filters clears its filters", async () => {
    const page = await signedIn();
    let failing = false;
    await page.route(/\/v2\/counterparty-flows\//, (route) =>
      failing ? serverError(route) : route.continue(),
    );
    await page.goto(`${server.baseUrl}${addressPath()}?pane=counterparties`);
    const pane = page.getByRole("region", { name: "Counterparties" });
    const rows = pane.locator("tbody tr");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The load under a new filter fails: the generic message, Retry, and (a filter being set)
    // Reset Filters, which goes back to every counterparty.
    failing = true;
    await page.locator("body").focus();
    await page.keyboard.press("e");
    const named = pane.getByRole("checkbox", { name: "Named entities only" });
    const problem = pane.getByTestId("panel-error");
    await problem.getByText("We had an issue making that request. Please try again.").waitFor();
    await problem.getByRole("button", { name: "Retry" }).waitFor();
    await page.screenshot({ path: "/tmp/messages-panel-error.png" });
    failing = false;
    await tabTo(page, problem.getByRole("button", { name: "Reset Filters" }), 40);
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await named.isChecked()).toBe(false);

    // The same filter fails again; once the server answers, Retry loads it.
    failing = true;
    await page.locator("body").focus();
    await page.keyboard.press("e");
    await problem.waitFor();
    failing = false;
    await tabTo(page, problem.getByRole("button", { name: "Retry" }), 40);
    await page.keyboard.press("Enter");
    // The filtered answer arrives (rows, or the filter's own empty message) and the filter stays.
    await problem.waitFor({ state: "detached" });
    expect(await named.isChecked()).toBe(true);
  });
});

describe("issue 44 000 §8 the spec's message where a load fails", () => {
  test("000 §8 ownership sources, property groups and inet observations each say their own text", async () => {
    const page = await signedIn();
    // The owner list of owns-controls: the address's attribution (its ownership sources).
    await page.route(/\/v2\/attribution\/address/, serverError);
    const ownsControls = (address: { chain: string; address: string }) =>
      `${server.baseUrl}/triage/address/${address.address}/${address.chain}?tab=details&section=owns-controls`;
    await page.goto(ownsControls(owned));
    await page
      .locator("#triage-section-owns-controls")
      .getByText("Failed to fetch address attribution ownership sources. Please try again later.")
      .waitFor();
    await page.unroute(/\/v2\/attribution\/address/);

    // The owner's property cards.
    await page.route(/\/v1\/triage\/entities\/[^/]+\/properties/, serverError);
    await page.goto(ownsControls(owned));
    await page.getByText("Failed to fetch property groups. Please try again later.").first().waitFor();
    await page.screenshot({ path: "/tmp/messages-property-groups.png" });

    // The IPs pane of an address page.
    await page.route(/\/v1\/inet\/observations\//, serverError);
    await page.goto(`${server.baseUrl}${addressPath()}?pane=ips`);
    await page
      .getByRole("region", { name: "IP addresses" })
      .getByText("Failed to fetch address inet observations. Please try again later.")
      .waitFor();
  });

  test("000 §8/§9 plotting: the 30 s balance notice, and a failed balance load said once per load", async () => {
    const page = await signedIn();
    // 000 §9: the notice comes after 30 s of loading; the page's clock is moved on, not waited for.
    await page.clock.install();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = false;
    await page.route(/\/graphs\/nodes$/, async (route) => {
      await held;
      return failing ? serverError(route) : route.continue();
    });
    const urnOf = (address: { chain: string; address: string }) =>
      `urn:sleuth:address:${address.chain}:${address.address}`;
    await page.goto(`${server.baseUrl}/graph?trmUrn=${encodeURIComponent(urnOf(busiest))}`);
    const notice = page.getByText(
      "Node appearances are still loading and may not accurately represent Portfolio Balances.",
    );
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.clock.fastForward(29_000);
    expect(await notice.count()).toBe(0);
    await page.clock.fastForward(2_000);
    await notice.waitFor();
    release();

    // A new load whose balance lookups fail: the reload request is said once, however many fail.
    failing = true;
    await page.goto(`${server.baseUrl}/graph?trmUrn=${encodeURIComponent(urnOf(other))}`);
    const failed = page.getByText(
      "Portfolio balances for nodes could not be loaded. Please reload the page.",
    );
    await expect.poll(() => failed.count(), { timeout: 15_000 }).toBe(1);
    const answered = page.waitForResponse((response) => response.url().endsWith("/graphs/nodes"));
    await page.evaluate(
      (path) => {
        history.pushState(null, "", path);
        dispatchEvent(new PopStateEvent("popstate"));
      },
      `/graph?trmUrn=${encodeURIComponent(urnOf(owned))}`,
    );
    expect((await answered).status()).toBe(500);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await failed.count()).toBe(1);
  });
});
