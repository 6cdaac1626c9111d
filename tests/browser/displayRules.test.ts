import { addressChainUrn, flowMessages, type SleuthClient } from "@sleuth/sdk";
import type { Browser, BrowserContext, Locator, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import {
  displayRuleAddresses as crafted,
  importDisplayRuleWorld,
  whaleTagNames,
} from "../helpers/displayRuleWorld.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContext, closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// Issue 44 "Messages and display rules": the 000 §9 / 001 §9 / 002 §9 display rules on every screen
// that shows them, by keyboard in Chromium. The demo world holds no trillion-dollar wallet, no
// estimated balance, no address with more than ten long tags and no sliver of exposure, so the test
// imports a crafted world (tests/helpers/displayRuleWorld.ts) through the server's own import route
// and reads what each screen makes of the store's answers. The literals below are the spec's rules
// ('1 Trillion+', a '+' suffix, 20 characters and '…', pages of 10, 8 decimals, '<0.1%'), not
// copies of what the console printed. With SLEUTH_SCREENSHOTS=<dir> each screen is saved there.

let server: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;
let client: SleuthClient;
const screenshots = process.env.SLEUTH_SCREENSHOTS;

beforeAll(async () => {
  ensureConsoleBuilt();
  // Load shedding is #41's subject, not this file's: a busy test machine must not turn a screen away.
  server = await startTestServer({
    store: "pglite",
    env: { SLEUTH_WEB_DIST: webDist, SLEUTH_SHED_STORE_WAIT_MS: "0" },
  });
  client = server.client({ token: await server.tokenFor(server.demo.user.email) });
  await importDisplayRuleWorld(client);
  browser = await sharedChromium();
}, 180_000);

afterEach(async () => {
  await closeContext(context);
  context = undefined;
});

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

async function signedIn(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  return signInAsDemo(context, server.baseUrl);
}

async function snap(page: Page, name: string): Promise<void> {
  if (screenshots)
    await page.screenshot({ path: `${screenshots}/display-rules-${name}.png`, fullPage: true });
}

const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette/ });

/** Finds `query` in the palette and opens the result whose text holds `hasText` (000 §2, Enter). */
async function openFromPalette(page: Page, query: string, hasText: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+k");
  await expectFocused(palette(page).getByRole("combobox"));
  await page.keyboard.type(query);
  const result = palette(page).locator('[role="option"][data-kind="result"]').filter({ hasText });
  await expect.poll(() => result.first().getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
  await page.keyboard.press("Enter");
}

async function openAddress(page: Page, address: string): Promise<void> {
  await openFromPalette(page, address, address.slice(-10));
  await page.waitForURL(`${server.baseUrl}/address/eth/${address}`);
}

/** The value of one row of a metrics description list ("Balance", "Total volume", …). */
const metricsValue = (page: Page, term: string) =>
  page
    .getByTestId("metrics")
    .first()
    .locator(".sleuth-metric")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) })
    .locator("dd");

/** A table's body rows, each as its cells' text by column header (columns are configurable). */
async function tableRows(table: Locator): Promise<Record<string, string>[]> {
  return table.evaluate((element) => {
    const headers = Array.from(
      element.querySelectorAll("thead th"),
      (cell) => cell.textContent?.trim() ?? "",
    );
    return Array.from(element.querySelectorAll("tbody tr"), (row) =>
      Object.fromEntries(
        Array.from(row.querySelectorAll("td, th"), (cell, index) => [
          headers[index] ?? `${index}`,
          cell.textContent ?? "",
        ]),
      ),
    );
  });
}

/** 000 §9: a tag name shows its first 20 characters, the cut marked with an ellipsis. */
const cutAt20 = (name: string) => `${[...name].slice(0, 20).join("").trimEnd()}…`;

/**
 * The colour a Primer token resolves to where `near` sits (the theme's variables are set on the
 * console's root element, not on the document), as computed styles report colours. A risk badge's
 * colour is compared with the token the spec's colour names (002 §9: Severe red strong, High red,
 * Medium yellow, Low green), never with a hard-coded RGB value of the theme.
 */
async function tokenColour(near: Locator, cssVariable: string): Promise<string> {
  return near.evaluate((element, variable) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${variable})`;
    element.parentElement?.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, cssVariable);
}

/** The colour a risk badge is painted in: its fill when it has one (Severe), else its text. */
async function badgeColour(badge: Locator): Promise<string> {
  return badge.evaluate((element) => {
    const style = getComputedStyle(element);
    const fill = style.backgroundColor;
    return fill && fill !== "rgba(0, 0, 0, 0)" && fill !== "transparent" ? fill : style.color;
  });
}

const spokenColours = {
  Severe: "--bgColor-danger-emphasis",
  High: "--fgColor-danger",
  Medium: "--fgColor-attention",
  Low: "--fgColor-success",
} as const;

describe("issue 44 display rules on each screen, by keyboard (000 §9, 001 §9, 002 §9)", () => {
  test("000 §9 the address page: '1 Trillion+', Severe in red strong, tags cut at 20 and shown 10 more at a time", async () => {
    const page = await signedIn();
    await openAddress(page, crafted.whale);

    // 000 §9 portfolio value: a balance of 1e12 or more reads '1 Trillion+' (never the raw dollars).
    await expect
      .poll(() => metricsValue(page, "Balance").textContent(), { timeout: 15_000 })
      .toBe("1 Trillion+");

    // 002 §9 badge colour: the header's Severe badge is filled red strong.
    const badge = page.getByTestId("risk-badge").first();
    await expect.poll(() => badge.textContent()).toBe("Severe risk");
    expect(await badgeColour(badge)).toBe(await tokenColour(badge, spokenColours.Severe));

    // 000 §9 tag lists: 20 characters each (the full name on hover), a first page of 10.
    // The first list is the address's own; the wallet-cluster panel (000 §6) lists its owner's tags.
    const tags = page.getByRole("list", { name: "Attribution tags" }).first().locator("li");
    await expect.poll(() => tags.count()).toBe(10);
    const names = tags.locator("a, span[title]");
    const shown = await names.evaluateAll((elements) =>
      elements.map((element) => ({ text: element.textContent ?? "", title: element.getAttribute("title") })),
    );
    expect(shown).toEqual(whaleTagNames.slice(0, 10).map((name) => ({ text: cutAt20(name), title: name })));
    for (const { text } of shown) expect([...text].length).toBe(21);
    await snap(page, "address-whale");

    // Show more, by keyboard: Enter reveals the next page (the 3 left) and focuses the first of them.
    const showMore = page.getByRole("button", { name: "Show more attribution tags" });
    await tabTo(page, showMore, 80);
    await page.keyboard.press("Enter");
    await expect.poll(() => tags.count()).toBe(13);
    await expectFocused(names.nth(10));
    expect(await names.nth(12).textContent()).toBe(cutAt20(whaleTagNames[12]!));
    expect(await showMore.count()).toBe(0);
    await snap(page, "address-whale-all-tags");
  });

  test("000 §9 / 001 §9 an estimated balance ends in '+', holdings show 8 decimals, a sliver of exposure '<0.1%'", async () => {
    const page = await signedIn();
    await openAddress(page, crafted.estimated);
    // 000 §9: some held asset (the unknown token) has no price, so the balance is a floor: '+'.
    await expect
      .poll(() => metricsValue(page, "Balance").textContent(), { timeout: 15_000 })
      .toMatch(/^\$[\d,]+\.\d{2}\+$/);
    const [metrics] = (await client.metrics.addresses([addressChainUrn("ethereum", crafted.estimated)])).data;
    expect(metrics?.isBalanceEstimated).toBe(true);
    // 1.623556789 ETH at $3,000 (the imported price): money to 2 decimals, then the plus.
    expect(await metricsValue(page, "Balance").textContent()).toBe("$4,870.67+");
    await snap(page, "address-estimated");

    // 001 §9 Holdings (pane 6): 1.623556789 ETH held, shown to 8 decimals; the token in whole units.
    await page.keyboard.press("6");
    const holdings = page.getByTestId("holdings-table").locator("tbody tr");
    await expect.poll(() => holdings.count(), { timeout: 15_000 }).toBe(2);
    const held = await tableRows(page.getByTestId("holdings-table"));
    expect(held.find((row) => row.Asset?.includes("ETH"))?.Balance).toBe("1.62355679");
    expect(held.find((row) => !row.Asset?.includes("ETH"))?.Balance).toBe("5,000");
    await snap(page, "holdings");

    // 001 §9 Risk (pane 5): $0.30 of ransomware exposure in $4,870.67 is under 0.1 %: '<0.1%'; the
    // gambling half-ETH share keeps at most 7 decimals. 002 §9: High is red, Medium yellow.
    await page.keyboard.press("5");
    const riskRows = page.getByTestId("risk-table").locator("tbody tr");
    await expect.poll(() => riskRows.count(), { timeout: 15_000 }).toBe(2);
    const risks = await tableRows(page.getByTestId("risk-table"));
    const ransomware = risks.find((row) => row.Category === "Ransomware");
    const gambling = risks.find((row) => row.Category === "Gambling");
    expect(ransomware?.Share).toBe("<0.1%");
    // 002 §9: a volume under one dollar shows raw ($0.3), the share beside it '<0.1%'.
    expect(ransomware?.Received).toBe("$0.3 (<0.1%)");
    // 1500 / 4870.670367 = 30.79658445…%: 7 decimals at most.
    expect(gambling?.Share).toBe("30.7965845%");
    expect([ransomware?.Severity, gambling?.Severity]).toEqual(["High risk", "Medium risk"]);
    const highBadge = riskRows.filter({ hasText: "Ransomware" }).getByTestId("risk-badge");
    const mediumBadge = riskRows.filter({ hasText: "Gambling" }).getByTestId("risk-badge");
    expect(await badgeColour(highBadge)).toBe(await tokenColour(highBadge, spokenColours.High));
    expect(await badgeColour(mediumBadge)).toBe(await tokenColour(mediumBadge, spokenColours.Medium));
    await snap(page, "risk");

    // 001 §9 minimum chart zoom: one day of activity still shows 7 days (pane 4), and zooming in
    // (+) does not go below them.
    await page.keyboard.press("4");
    const window = page.getByTestId("exposure-window").locator("span").first();
    const span = async () => {
      const [from, to] = ((await window.textContent()) ?? "").split(" – ");
      return { from, to, days: (Date.parse(to!) - Date.parse(from!)) / 86_400_000 };
    };
    await window.waitFor({ timeout: 15_000 });
    const shown = await span();
    expect(shown.days).toBeGreaterThanOrEqual(7);
    expect(shown.from! <= "2024-03-01" && "2024-03-01" <= shown.to!).toBe(true);
    await page.keyboard.press("+");
    await page.keyboard.press("+");
    expect((await span()).days).toBeGreaterThanOrEqual(7);
    await snap(page, "exposure");
  });

  test("001 §9 charts start no earlier than 2009-01-03: a week from it when activity is just past it; no risk in neutral", async () => {
    const page = await signedIn();
    await openAddress(page, crafted.pioneer);
    // 000 §9 risk score level 1 (activity, no risk): the badge filled in neutral.
    const badge = page.getByTestId("risk-badge").first();
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe("No risk");
    expect(await badgeColour(badge)).toBe(await tokenColour(badge, "--bgColor-neutral-emphasis"));
    await page.keyboard.press("4");
    const window = page.getByTestId("exposure-window").locator("span").first();
    // One day of activity on 2009-01-05 (pioneerDay): a week back would start before the earliest date, so the
    // window is the first week from it.
    await expect.poll(() => window.textContent(), { timeout: 15_000 }).toBe("2009-01-03 – 2009-01-10");
    // Its one counterparty carries no category: the exposure charts say so rather than plot nothing.
    expect(await page.getByRole("figure", { name: /by counterparty category/ }).textContent()).toContain(
      flowMessages.noCategoryExposure,
    );
    expect(await page.getByRole("figure", { name: /by counterparty risk/ }).textContent()).toContain(
      flowMessages.noRiskExposure,
    );
    // h shows earlier days: there are none before 2009-01-03.
    await page.keyboard.press("h");
    expect(await window.textContent()).toBe("2009-01-03 – 2009-01-10");
    await snap(page, "exposure-earliest");
  });

  test("000 §9 custom entity pages sum their members: '+' when one is estimated, '1 Trillion+' from 1e12", async () => {
    const member = (address: string) => ({ resourceUrn: addressChainUrn("ethereum", address) });
    const demo = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    await demo.customEntities.create({
      name: "Estimated holdings",
      resources: [member(crafted.estimated), member(crafted.low)],
    });
    await demo.customEntities.create({ name: "Whale holdings", resources: [member(crafted.whale)] });
    const page = await signedIn();
    for (const [name, balance] of [
      // 4,870.67 (part unpriced) + 6,000.00: a floor, so '+'.
      ["Estimated holdings", "$10,870.67+"],
      ["Whale holdings", "1 Trillion+"],
    ] as const) {
      await openFromPalette(page, name, name);
      await page.waitForURL(/\/custom-entity\//);
      await expect.poll(() => metricsValue(page, "Balance").textContent(), { timeout: 15_000 }).toBe(balance);
      await snap(page, `custom-entity-${name.split(" ")[0]!.toLowerCase()}`);
    }
  });

  test("000 §9 the entity page of the whale's owner reads '1 Trillion+'", async () => {
    const page = await signedIn();
    await openFromPalette(page, whaleTagNames[0]!, whaleTagNames[0]!);
    await page.waitForURL(`${server.baseUrl}/entity/sovereign_custodian_1`);
    await expect
      .poll(() => metricsValue(page, "Balance").textContent(), { timeout: 15_000 })
      .toBe("1 Trillion+");
    await snap(page, "entity");
  });

  test("000 §9 / 002 §9 triage: the portfolio reads '1 Trillion+' or ends in '+', badges in the spec's colours", async () => {
    const page = await signedIn();
    const triage = async (address: string) => {
      await page.keyboard.press("g");
      await page.keyboard.press("t");
      await page.getByRole("heading", { level: 1, name: "Triage" }).waitFor();
      const search = page.getByTestId("triage-search");
      await tabTo(page, search);
      await page.keyboard.type(address);
      await page.keyboard.press("Enter");
      await page.waitForURL(new RegExp(`/triage/address/.*${address}`));
    };
    const portfolio = page.locator('[data-insight="portfolio"]');
    const badge = page.getByTestId("risk-badge").first();

    // 000 §9 portfolio wording (the medium and low addresses hold nothing: no portfolio bullet).
    const visits = [
      { address: crafted.whale, label: "Severe", holds: "Portfolio: Holds 1 Trillion+ in 1 token" },
      { address: crafted.estimated, label: "High", holds: "Portfolio: Holds $4,870.67+ in 2 tokens" },
      { address: crafted.medium, label: "Medium", holds: null },
      { address: crafted.low, label: "Low", holds: "Portfolio: Holds $6,000.00 in 1 token" },
    ] as const;
    for (const { address, label, holds } of visits) {
      await triage(address);
      await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe(`${label} risk`);
      expect(await badgeColour(badge)).toBe(await tokenColour(badge, spokenColours[label]));
      if (holds) await expect.poll(() => portfolio.textContent(), { timeout: 15_000 }).toBe(holds);
      await snap(page, `triage-${label.toLowerCase()}`);
    }
    // Four labels, four colours.
    const colours = await Promise.all(Object.values(spokenColours).map((token) => tokenColour(badge, token)));
    expect(new Set(colours).size).toBe(4);
  });

  test("000 §9 the palette and search results cut the tag at 20 characters", async () => {
    const page = await signedIn();
    await page.keyboard.press("ControlOrMeta+k");
    await expectFocused(palette(page).getByRole("combobox"));
    await page.keyboard.type(crafted.whale);
    // The palette's row names the whale's first tag in its detail line.
    const hit = palette(page)
      .locator('[role="option"][data-kind="result"]')
      .filter({ hasText: crafted.whale.slice(-6) });
    await hit.first().waitFor({ timeout: 15_000 });
    expect(await hit.first().locator(".sleuth-palette-detail").textContent()).toContain(
      `${cutAt20(whaleTagNames[0]!)} (Sanctions)`,
    );
    await snap(page, "palette");
    await page.keyboard.press("ControlOrMeta+Enter");
    await page.waitForURL(/\/search\?q=/);
    const panel = page.getByRole("tabpanel", { name: /Addresses/ });
    const row = panel.locator("tbody tr").filter({ hasText: crafted.whale.slice(-6) });
    await row.waitFor({ timeout: 15_000 });
    const tag = row.locator(".sleuth-result-tag span[title]");
    expect(await tag.textContent()).toBe(cutAt20(whaleTagNames[0]!));
    expect(await tag.getAttribute("title")).toBe(whaleTagNames[0]);
    await snap(page, "search-results");
  });

  test("000 §9 graph: a node's balance reads '1 Trillion+' or ends in '+', its risk in its colour", async () => {
    const page = await signedIn();
    await page.keyboard.press("g");
    await page.keyboard.press("v");
    await page.getByTestId("graph-empty").waitFor();
    const nodes = page.getByTestId("graph-node");
    for (const [index, address] of [crafted.whale, crafted.estimated].entries()) {
      await page.keyboard.press("p");
      await palette(page).getByRole("combobox").waitFor();
      await page.keyboard.type(address);
      await palette(page).locator('[role="option"][data-kind="result"]').first().waitFor({ timeout: 15_000 });
      await page.keyboard.press("Enter");
      await expect.poll(() => nodes.count(), { timeout: 15_000 }).toBe(index + 1);
    }
    const whale = nodes.filter({ hasText: whaleTagNames[0]! });
    const estimated = nodes.filter({ hasNot: page.getByText(whaleTagNames[0]!) });
    expect(await whale.getByTestId("graph-node-balance").textContent()).toBe("1 Trillion+");
    expect(await estimated.getByTestId("graph-node-balance").textContent()).toBe("$4,870.67+");
    const whaleRisk = whale.locator(".sleuth-graph-node-risk");
    expect(await whaleRisk.getAttribute("data-risk-level")).toBe("5");
    expect(await badgeColour(whaleRisk)).toBe(await tokenColour(whaleRisk, spokenColours.Severe));
    const estimatedRisk = estimated.locator(".sleuth-graph-node-risk");
    expect(await badgeColour(estimatedRisk)).toBe(await tokenColour(estimatedRisk, spokenColours.High));
    await snap(page, "graph");
  });
});
