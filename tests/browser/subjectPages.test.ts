import { addressChainUrn, type ChainId, chainById, type FeatureFlagKey } from "@sleuth/sdk";
import { findOrganizationByUuid, setFeatureFlag } from "@sleuth/server";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// Issue 44 on the subject pages, one server for all: the 000 §6 feature flags that switch what the
// console does, each flipped for the demo organization on the real server and read by the console
// at its next load (the login sequence loads the flags): the API version every versioned call is
// sent under, the wallet-cluster tags and the notify-VASP buttons of the beacon categories; the
// 000 §2 tag popovers, opened from the keyboard; 001 §7 the interest search behind the
// interested-investigators view and the edit (PUT) of one's own interest.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let organizationId: number;
let owned: { chain: string; address: string; owner: string };
let vasp: { slug: string };
const shots = process.env.SLEUTH_SCREENSHOTS;

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  organizationId = (await findOrganizationByUuid(server.store, server.demo.organization.uuid))!.id;
  [owned] = (await server.store.query(
    `SELECT a.chain, a.address, e.name AS owner FROM addresses a JOIN entities e ON e.id = a.entity_id
      ORDER BY a.id LIMIT 1`,
  )) as [typeof owned];
  [vasp] = (await server.store.query(
    "SELECT slug FROM entities WHERE category_id IN (8, 13) ORDER BY id LIMIT 1",
  )) as [typeof vasp];
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});
afterEach(async () => {
  await context?.close();
});

async function flag(key: FeatureFlagKey, enabled: boolean): Promise<void> {
  await setFeatureFlag(server.store, { organizationId, targetDomain: "front-end", key, enabled });
}

async function signedIn(path = "/"): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  return signInAsDemo(context, server.baseUrl, path);
}

const ownedPath = () => `/address/${chainById(owned.chain)?.symbol ?? owned.chain}/${owned.address}`;

describe("issue 44 000 §6 feature flags switch behaviour", () => {
  test("000 §6 wallet-cluster tags show on the address page while their flag is on", async () => {
    await flag("walletClusterTags", true);
    const page = await signedIn(`${ownedPath()}`);
    const cluster = page.getByTestId("wallet-cluster");
    await cluster.getByText(/addresses? in this cluster$/).waitFor();
    expect(await cluster.getByRole("list", { name: "Attribution tags" }).textContent()).toContain(
      owned.owner,
    );
    if (shots) await page.screenshot({ path: `${shots}/wallet-cluster.png` });

    await flag("walletClusterTags", false);
    await page.reload();
    // The page's own attribution loads; the cluster's panel never comes.
    await page.getByRole("list", { name: "Attribution tags" }).waitFor();
    await page.getByRole("heading", { name: "Risk indicators" }).waitFor();
    expect(await page.getByRole("heading", { name: "Wallet cluster" }).count()).toBe(0);
    await flag("walletClusterTags", true);
  });

  test("000 §6 apiVersionLatest sends each call under its latest version, else the pinned one", async () => {
    const page = await signedIn();
    const statisticsVersion = async (): Promise<string> => {
      const request = page.waitForRequest((sent) => /\/statistics\/entity\/summary\?/.test(sent.url()));
      await page.goto(`${server.baseUrl}${ownedPath()}`);
      const path = new URL((await request).url()).pathname;
      return path.split("/")[2] ?? "";
    };
    await flag("apiVersionLatest", true);
    expect(await statisticsVersion()).toBe("v5");
    await flag("apiVersionLatest", false);
    expect(await statisticsVersion()).toBe("v4");
    // Either version answers the same: the panel fills.
    await page
      .getByTestId("wallet-cluster")
      .getByText(/in this cluster$/)
      .waitFor();
    await flag("apiVersionLatest", true);
  });

  test("000 §6 the notify-VASP buttons show for the beacon categories only while their flag is on", async () => {
    const page = await signedIn();
    const entityPage = `${server.baseUrl}/entity/${encodeURIComponent(vasp.slug)}`;
    const notify = page.getByRole("button", { name: /Notify service provider/ });
    await page.goto(entityPage);
    await notify.waitFor();

    await flag("beaconCategories", false);
    const vaspLookup = page.waitForResponse((answer) => answer.url().includes("/v1/beacon/vasp?"));
    await page.reload();
    await vaspLookup;
    await page.getByTestId("entity-page").waitFor();
    // The lookup answered a beacon category; with the flag off the page still offers no button.
    await page.getByRole("button", { name: /^Flag/ }).first().waitFor();
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await notify.count()).toBe(0);
    await flag("beaconCategories", true);
  });
});

describe("issue 44 000 §2 tag popovers", () => {
  test("000 §2 a tag opens its popover (source, confidence, category) from the keyboard", async () => {
    const page = await signedIn(`${ownedPath()}`);
    const tags = page.getByRole("list", { name: "Attribution tags" }).first();
    await tags.waitFor();
    // a t: the palette's command opens the first tag's popover.
    await page.keyboard.press("a");
    await page.keyboard.press("t");
    const popover = page.getByRole("dialog", { name: `${owned.owner} tag` });
    await popover.waitFor();
    const text = await popover.textContent();
    expect(text).toMatch(/Category/);
    expect(text).toMatch(/Source/);
    expect(text).toMatch(/Confidence\s*\d+ \/ 100/);
    if (shots) await page.screenshot({ path: `${shots}/tag-popover.png` });
    // Escape closes it and the focus is back on the tag.
    await page.keyboard.press("Escape");
    await popover.waitFor({ state: "detached" });
    const anchor = tags.locator("[data-tag-popover-anchor]").first();
    await expectFocused(anchor);
    // Enter on the focused tag opens it again.
    await page.keyboard.press("Enter");
    await popover.waitFor();
  });
});

describe("issue 44 001 §7 interests", () => {
  test("001 §7 the interested-investigators view reads the interest search; the author edits the note (PUT)", async () => {
    const client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const urn = addressChainUrn(owned.chain as ChainId, owned.address);
    await client.interests.create({
      visibilityLevel: "ORG",
      privacyOption: "OPEN",
      note: "First seen in a report",
      trmResourceUrns: [urn],
      isRevealNotificationEnabled: false,
      networkUuids: [],
      verticals: [],
      countryIsoCodes: [],
    });
    const page = await signedIn();
    // The page's interest queries read the search, with its results.
    const search = page.waitForRequest(
      (sent) =>
        sent.url().includes("/investigation-interests/search?includeResults=true") &&
        sent.method() === "POST",
    );
    await page.goto(`${server.baseUrl}${ownedPath()}`);
    await search;
    await page.getByRole("list", { name: "Attribution tags" }).first().waitFor();
    await page.keyboard.press("a");
    await page.keyboard.press("v");
    const dialog = page.getByRole("dialog", { name: /^Interested investigators/ });
    await dialog.getByText("First seen in a report").waitFor();
    await tabTo(page, dialog.getByRole("button", { name: "Edit my interest" }));
    await page.keyboard.press("Enter");
    const note = dialog.getByLabel("Note");
    await expectFocused(note);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Seen again at the exchange");
    if (shots) await page.screenshot({ path: `${shots}/interest-edit.png` });
    await page.keyboard.press("Enter");
    await dialog.getByText("Seen again at the exchange").waitFor();
    const [mine] = await client.interests.ofElement(urn);
    expect(mine?.note).toBe("Seen again at the exchange");
    expect(mine?.privacyOption).toBe("OPEN");
  });
});
