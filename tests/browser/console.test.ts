import { readFileSync } from "node:fs";
import { addressChainUrn, displayAddress } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { ethereumEtlFixtureDir, ethereumEtlSampleFiles } from "../helpers/ethereumEtlSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// The console in real Chromium against a real server over a fresh demo store, driven by the
// keyboard only: the product is keyboard-first (STYLE Keyboard).
const demo = { email: "demo@sleuth.example", password: "sleuth-demo", name: "Dana Demo" };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
});

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

afterEach(async () => {
  await context?.close();
});

async function openConsole(path = "/"): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  return page;
}

const demoButton = (page: Page) => page.getByRole("button", { name: "Continue as demo user" });
const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette/ });
const organizationSwitcher = (page: Page) => page.getByTestId("organization-switcher");
const homeHeading = (page: Page) => page.getByRole("heading", { name: `Welcome, ${demo.name}` });
const signInHeading = (page: Page) => page.getByRole("heading", { name: "Sign in", exact: true });

async function continueAsDemoUser(page: Page): Promise<void> {
  await expectFocused(demoButton(page));
  await page.keyboard.press("Enter");
  await homeHeading(page).waitFor();
}

describe("console sign-in and shell", () => {
  test("000 §4 login sequence: e-mail and password sign in to the home page with the user and organization", async () => {
    const page = await openConsole();
    await signInHeading(page).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/signin`);
    await expectFocused(demoButton(page));
    await page.keyboard.press("Tab");
    await expectFocused(page.getByLabel("E-mail address"));
    await page.keyboard.type(demo.email.toUpperCase());
    await page.keyboard.press("Tab");
    await page.keyboard.type(demo.password);
    await page.keyboard.press("Enter");

    await homeHeading(page).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/`);
    const who = await page.getByTestId("home-who").textContent();
    expect(who).toContain(demo.name);
    expect(who).toContain("Demo Investigations");
    expect(who).toContain("admin");
    expect(await organizationSwitcher(page).textContent()).toContain("Demo Investigations");
    expect(await page.getByRole("button", { name: `Account: ${demo.name}` }).isVisible()).toBe(true);
  });

  test("000 §4 login sequence: Continue as demo user signs in with one Enter", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);
    expect(await page.getByTestId("home-who").textContent()).toContain("Demo Investigations");
  });

  test("000 §4 login sequence: a wrong password shows an inline error on the password field", async () => {
    const page = await openConsole();
    await expectFocused(demoButton(page));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByText("Enter your e-mail address, such as name@agency.example.").waitFor();
    await page.getByText("Enter your password.").waitFor();

    await page.keyboard.type(demo.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("not-the-password");
    await page.keyboard.press("Enter");

    await page.getByText("The e-mail address or password is wrong.").waitFor();
    const password = page.getByLabel("Password");
    await expectFocused(password);
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await signInHeading(page).isVisible()).toBe(true);
  });

  test("000 §4 login sequence: a console link opened signed out comes back after sign-in", async () => {
    const page = await openConsole("/nowhere?x=1");
    await signInHeading(page).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/signin?next=%2Fnowhere%3Fx%3D1`);
    await expectFocused(demoButton(page));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Nothing here" }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/nowhere?x=1`);
  });

  test("000 §4 organization switch: Mod+K, filter, Enter on Switch organization then on Partner Agency", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);

    await page.keyboard.press("ControlOrMeta+k");
    await palette(page).waitFor();
    await expectFocused(page.getByRole("combobox"));
    expect(await page.getByRole("option").count()).toBeGreaterThan(2);
    await page.keyboard.type("switch");
    // Commands filter instantly and lead; the palette's search rows (issue 5) follow them.
    await expect.poll(() => page.getByRole("option").first().textContent()).toContain("Switch organization");
    expect(await page.getByRole("option", { name: /Sign out|Go home/ }).count()).toBe(0);
    await page.keyboard.press("Enter");

    await page.getByRole("option", { name: /Partner Agency/ }).waitFor();
    expect(await page.getByRole("option", { name: /Demo Investigations/ }).textContent()).toContain(
      "current",
    );
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");

    await palette(page).waitFor({ state: "detached" });
    await expect.poll(() => organizationSwitcher(page).textContent()).toContain("Partner Agency");
    await expect
      .poll(() => page.getByTestId("home-who").textContent())
      .toContain("in Partner Agency as viewer");

    // 000 §4: the chosen organization is stored and used again on the next load.
    await page.reload();
    await homeHeading(page).waitFor();
    expect(await organizationSwitcher(page).textContent()).toContain("Partner Agency");
  });

  test("STYLE Keyboard: Esc closes the palette and the focus returns where it was", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);
    await tabTo(page, organizationSwitcher(page));

    await page.keyboard.press("ControlOrMeta+k");
    await palette(page).waitFor();
    await expectFocused(page.getByRole("combobox"));
    await page.keyboard.press("Escape");

    await palette(page).waitFor({ state: "detached" });
    await expectFocused(organizationSwitcher(page));
  });

  test("STYLE Keyboard: ? lists every shortcut, Mod+K included, with its key hint", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);
    await page.keyboard.press("?");

    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    const rows = dialog.getByRole("listitem");
    const paletteRow = rows.filter({ hasText: "Open the command palette" });
    expect(await paletteRow.count()).toBe(1);
    expect((await paletteRow.locator("kbd").allTextContents()).join(" ")).toMatch(/K/i);
    const text = await dialog.textContent();
    for (const description of ["Go home", "Switch organization", "Keyboard shortcuts"])
      expect(text).toContain(description);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  test("STYLE Keyboard (WCAG 2.1.4): single-key shortcuts can be switched off, and stay off", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    // Primer's ToggleSwitch is a button with aria-pressed.
    const toggle = dialog.getByRole("button", { name: "Single-key shortcuts" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await tabTo(page, toggle);
    await page.keyboard.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.reload();
    await homeHeading(page).waitFor();
    await page.keyboard.press("?");
    await page.keyboard.press("g");
    await page.keyboard.press("o");
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(0);
    expect(await palette(page).count()).toBe(0);
    // Mod chords stay on: the palette still opens.
    await page.keyboard.press("ControlOrMeta+k");
    await palette(page).waitFor();
  });

  test("issue 39 home lists a case and a detector alert made in the test; Enter opens the case", async () => {
    const client = server.client({
      token: await server.tokenFor(demo.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const caseName = `Home test case ${Date.now()}`;
    await client.cases.create({ name: caseName, isSharedWithOrg: false });
    // One real transaction of the ethereum-etl sample, on an address a detector watches first.
    const line = readFileSync(`${ethereumEtlFixtureDir}${ethereumEtlSampleFiles[0]}`, "utf8").split("\n")[0]!;
    const sender = (JSON.parse(line) as { from_address: string }).from_address;
    await client.detectors.create({ addressUrn: addressChainUrn("ethereum", sender) });
    expect((await client.imports.run("ethereum-etl", `${line}\n`)).inserted).toBe(1);

    const page = await openConsole();
    await continueAsDemoUser(page);
    await expect
      .poll(() => page.getByTestId("home-alerts").textContent())
      .toContain(displayAddress("ethereum", sender).slice(0, 10));
    expect(await page.getByTestId("home-alerts").textContent()).toContain("sent");
    const caseLink = page.getByTestId("home-cases").getByRole("link", { name: caseName });
    await caseLink.waitFor();
    await tabTo(page, caseLink, 40);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: caseName }).waitFor();
    expect(page.url()).toMatch(/\/workspace\/cases\/\d+$/);
  });

  test("issue 39 home lists a search, an escalation received and an export job made in the test", async () => {
    const client = server.client({
      token: await server.tokenFor(demo.email),
      organizationUuid: server.demo.organization.uuid,
    });
    // One real transaction of the ethereum-etl sample: its recipient is the subject searched for.
    const line = readFileSync(`${ethereumEtlFixtureDir}${ethereumEtlSampleFiles[0]}`, "utf8").split("\n")[0]!;
    const recipient = (JSON.parse(line) as { to_address: string }).to_address;
    const subject = addressChainUrn("ethereum", recipient);
    // Already there when the test above imported the same line.
    await client.imports.run("ethereum-etl", `${line}\n`);
    // Dana escalates the subject to herself in a case shared with the organization.
    const caseName = `Escalated at home ${Date.now()}`;
    const shared = await client.cases.create({ name: caseName, isSharedWithOrg: true });
    const alias = `Home escalation ${Date.now()}`;
    await client.escalations.escalate({
      assignToUserUuids: [server.demo.user.uuid],
      alias,
      caseId: String(shared.id),
      customNote: "Please look today",
      trmUrn: subject,
    });
    const job = await client.asyncJobs.create({
      jobType: "SCREENING_RESULTS_CSV",
      parameters: { addressChainUrns: [subject] },
    });

    const page = await openConsole();
    await continueAsDemoUser(page);
    // The search, by keyboard: the palette finds the address and Enter opens its page.
    await page.keyboard.press("ControlOrMeta+k");
    await palette(page).getByRole("combobox").waitFor();
    await page.keyboard.type(recipient);
    const result = palette(page).locator('[role="option"][data-kind="result"]').first();
    await expect.poll(() => result.getAttribute("aria-selected"), { timeout: 10_000 }).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/address/"));
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    await homeHeading(page).waitFor();

    const shown = displayAddress("ethereum", recipient);
    await page.getByTestId("home-recent").locator(`[title="${shown}"]`).waitFor();
    const escalations = page.getByTestId("home-escalations");
    await escalations.getByRole("link", { name: alias }).waitFor();
    expect(await escalations.textContent()).toContain(`in ${caseName}`);
    await page.getByTestId("home-jobs").getByText(job.fileName).waitFor();
    // Enter on the escalation opens its subject.
    await tabTo(page, escalations.getByRole("link", { name: alias }), 60);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.toLowerCase().endsWith(recipient.toLowerCase()));
  });

  test("STYLE Keyboard: g then h goes home from any page", async () => {
    const page = await openConsole("/somewhere-else");
    await expectFocused(demoButton(page));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Nothing here" }).waitFor();
    await page.keyboard.press("g");
    await page.keyboard.press("h");
    await homeHeading(page).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/`);
  });

  test("STYLE a narrow window keeps the organization and account menus on the page, wrapped", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);
    await page.setViewportSize({ width: 760, height: 900 });
    for (const menu of [
      page.getByRole("button", { name: /^Account: / }),
      page.getByRole("button", { name: /Demo Investigations/ }),
    ]) {
      const box = await menu.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(760);
    }
  });

  test("000 §4 login sequence: Sign out from the palette returns to the sign-in screen", async () => {
    const page = await openConsole();
    await continueAsDemoUser(page);
    await page.keyboard.press("ControlOrMeta+k");
    await palette(page).waitFor();
    await page.keyboard.type("sign out");
    await page.keyboard.press("Enter");

    await signInHeading(page).waitFor();
    await page.getByText("You are signed out.").waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/signin`);
    // The server ended the session too: a reload stays signed out.
    await page.reload();
    await signInHeading(page).waitFor();
    expect(await homeHeading(page).count()).toBe(0);
  });
});

describe("issue 39 home on a fresh demo store", () => {
  let world: TestServer;
  beforeAll(async () => {
    world = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  test("issue 39 a fresh demo store's home offers a few subjects worth opening; Enter opens one", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signInAsDemo(context, world.baseUrl);
    // The demo workspace's cases, each with the subjects it holds.
    const cases = page.getByTestId("home-cases");
    await cases.waitFor();
    const subjects = cases.locator(".sleuth-home-sublist").getByRole("link");
    await expect.poll(() => subjects.count()).toBeGreaterThanOrEqual(3);
    expect(await cases.textContent()).toMatch(/Ransomware payments: /);
    const first = subjects.first();
    const title = await first.getAttribute("title");
    await tabTo(page, first, 40);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => /^\/(address|tx|entity)\//.test(url.pathname));
    expect(decodeURIComponent(page.url()).toLowerCase()).toContain(title!.split(":").at(-1)!.toLowerCase());
  });
});
