import type { Browser, BrowserContext } from "playwright";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused } from "./keyboard.ts";

// Issue 41: a server shedding load answers 503 with Retry-After; the console waits and retries,
// and says so in its header meanwhile.
let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureConsoleBuilt();
  // Shed once a request would wait a fifth of a second for the store (the test holds it longer).
  server = await startTestServer({
    store: "pglite",
    env: { SLEUTH_WEB_DIST: webDist, SLEUTH_SHED_STORE_WAIT_MS: "200", SLEUTH_SHED_RETRY_AFTER_SECONDS: "1" },
  });
  browser = await sharedChromium();
});

afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
  await server?.close();
});

test("issue 41 the console says 'Server busy, retrying' while the server sheds load, then carries on", async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.baseUrl);
  const demoButton = page.getByRole("button", { name: "Continue as demo user" });
  await expectFocused(demoButton);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: /Welcome/ }).waitFor();
  const busy = page.getByTestId("busy-status");
  expect(await busy.count()).toBe(0);

  // Saturate the store: slow statements make the time one holds it long, then a transaction is held
  // open with three more queued behind it.
  const slow = () => server.store.query("SELECT pg_sleep(0.1)");
  for (let index = 0; index < 6; index++) await slow();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = server.store.transaction(async (tx) => {
    await tx.query("SELECT 1");
    await gate;
  });
  // Store work queued behind it directly (/healthz shares one probe among callers: no queue).
  const queued = [1, 2, 3].map(slow);
  await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));

  // A palette search is shed, and retried after the server's Retry-After.
  await page.keyboard.press("ControlOrMeta+k");
  await page.getByRole("dialog", { name: /Command palette/ }).waitFor();
  await page.keyboard.type("bitfinex");
  await busy.waitFor({ timeout: 10_000 });
  expect(await busy.textContent()).toContain("Server busy, retrying");
  await page.screenshot({ path: "/tmp/sleuth-busy-status.png" });

  release();
  await held;
  await Promise.all(queued);
  await busy.waitFor({ state: "detached", timeout: 15_000 });
});
