import { chainById } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page, Route } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { launchChromium } from "./chromium.ts";
import { signInAsDemo, tabTo } from "./keyboard.ts";

// Issue 44: the spec's messages where a load or an update fails (000 §8), each failure made by the
// network answering 500 for that one call (Playwright routes; every other call reaches the real
// server), and what the console does after: roll back, Retry, Reset Filters.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let busiest: { chain: string; address: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await launchChromium();
  [busiest] = (await server.store.query(
    `SELECT a.chain, a.address FROM address_counterparties c JOIN addresses a ON a.id = c.address_id
      GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
  )) as [typeof busiest];
});
afterAll(async () => {
  await browser?.close();
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
