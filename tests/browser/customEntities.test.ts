import { customEntityUrn } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContext, closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAs, signInAsDemo, tabTo } from "./keyboard.ts";

// Custom entities, sharing and organization settings in real Chromium, by keyboard only. The
// screenshots land in SLEUTH_SCREENSHOTS (when set) for a person to look at.
const shots = process.env.SLEUTH_SCREENSHOTS;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let addresses: string[];
let colleague: { email: string; uuid: string; token: string; password: string };
let busy: { chain: string; address: string };

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  browser = await sharedChromium();
  const rows = await server.store.query<{ address: string }>(
    "SELECT address FROM addresses WHERE entity_id IS NULL AND chain = 'bitcoin' ORDER BY id LIMIT 3",
  );
  addresses = rows.map((row) => row.address);
  const user = await server.createUser({ fullName: "Casey Colleague" });
  await server.addMember(user.email, server.demo.organization.uuid, "editor");
  colleague = {
    email: user.email,
    uuid: user.uuid,
    token: await server.tokenFor(user.email),
    password: user.password,
  };
  const [row] = await server.store.query<{ chain: string; address: string }>(
    `SELECT a.chain, a.address FROM transfers t JOIN addresses a ON a.id = t.address_id
     GROUP BY a.chain, a.address HAVING count(*) > 10 ORDER BY a.address LIMIT 1`,
  );
  if (!row) throw new Error("no address with transfers");
  busy = row;
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

afterEach(async () => {
  await closeContext(context);
});

async function newContext(): Promise<BrowserContext> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
  return context;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

const demoClient = async () => server.client({ token: await server.tokenFor(server.demo.user.email) });
const oneEntityResource = () => [{ resourceUrn: `urn:sleuth:address:bitcoin:${addresses[0]}` }];

const shareDialog = (page: Page) => page.getByRole("dialog", { name: /^Share / });
const alertText = (page: Page, text: string) => page.getByText(text, { exact: true });

describe("custom entities by keyboard", () => {
  test("000 §4 / 002 §4 create from three addresses, watch the refresh succeed, share as viewer then editor, keep the last editor", async () => {
    const page = await signInAsDemo(await newContext(), server.baseUrl);
    // n e: New custom entity; the name field has the focus.
    await page.keyboard.press("n");
    await page.keyboard.press("e");
    const name = page.getByLabel("Name");
    await expectFocused(name);
    await page.keyboard.type("Three demo wallets");
    await page.keyboard.press("Tab");
    await expectFocused(page.getByLabel("Addresses and entity URNs"));
    await page.keyboard.type(addresses.join("\n"));
    await screenshot(page, "create-custom-entity");
    await page.keyboard.press("ControlOrMeta+Enter");

    await page.getByTestId("custom-entity-page").waitFor();
    await page.getByRole("heading", { level: 1, name: "Three demo wallets" }).waitFor();
    // 000 §4: polled every 5 s until all four parts succeeded.
    await expect
      .poll(() => page.getByTestId("refresh-status").textContent(), { timeout: 30_000 })
      .toContain("Up to date");
    // Issue 44, 000 §7: the header shows the custom entity's risk (its members'), by URN.
    const createdUuid = new URL(page.url()).pathname.split("/").at(-1)!;
    const client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const risk = await client.customEntities.riskInfo(customEntityUrn(createdUuid));
    await expect
      .poll(() => page.getByTestId("risk-badge").getAttribute("data-risk-level"))
      .toBe(String(risk.riskScoreLevel));
    await screenshot(page, "custom-entity-page");

    // a s: Share. Add the colleague as viewer and save.
    await page.keyboard.press("a");
    await page.keyboard.press("s");
    await shareDialog(page).waitFor();
    await page.getByTestId("share-form").waitFor();
    await tabTo(page, page.getByLabel("Add a member"));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expectFocused(page.getByLabel("As"));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByLabel(/^Access of Casey Colleague/).waitFor();
    await screenshot(page, "share-dialog");
    await tabTo(page, shareDialog(page).getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    await shareDialog(page).waitFor({ state: "detached" });
    await alertText(page, "Sharing settings updated successfully").first().waitFor();

    const uuid = page.url().split("/").pop()!;
    const asColleague = server.client({ token: colleague.token }).customEntities;
    expect((await asColleague.get(uuid)).permission).toBe("viewer");
    await expect(asColleague.update(uuid, { name: "Not allowed" })).rejects.toMatchObject({ status: 403 });

    // Again: the colleague becomes an editor (002 §4 a remove then an add).
    await page.keyboard.press("a");
    await page.keyboard.press("s");
    await page.getByTestId("share-form").waitFor();
    const colleagueAccess = page.getByLabel(/^Access of Casey Colleague/);
    await tabTo(page, colleagueAccess);
    await page.keyboard.press("ArrowDown");
    expect(await colleagueAccess.inputValue()).toBe("editor");
    await tabTo(page, shareDialog(page).getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    await shareDialog(page).waitFor({ state: "detached" });
    expect((await asColleague.get(uuid)).permission).toBe("editor");

    // 002 §5: with the colleague back to viewer, removing Dana (the last editor) is refused.
    await page.keyboard.press("a");
    await page.keyboard.press("s");
    await page.getByTestId("share-form").waitFor();
    await tabTo(page, page.getByLabel(/^Access of Casey Colleague/));
    await page.keyboard.press("ArrowUp");
    const demoAccess = page.getByLabel(/^Access of Dana Demo/);
    await tabTo(page, demoAccess);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await shareDialog(page).getByText("There should be atleast one editor for the custom entity.").waitFor();
    expect(await demoAccess.inputValue()).toBe("editor");
    await screenshot(page, "share-last-editor");
    await page.keyboard.press("Escape");
    await shareDialog(page).waitFor({ state: "detached" });
  });

  test("000 §7 a r renames, a a edits the addresses and a d deletes the custom entity, after a confirmation", async () => {
    const created = await (await demoClient()).customEntities.create({
      name: "Doomed wallets",
      resources: oneEntityResource(),
    });
    const page = await signInAsDemo(await newContext(), server.baseUrl, `/custom-entity/${created.uuid}`);
    await page.getByRole("button", { name: /^Delete/ }).waitFor();
    // a r: Rename, the name field focused.
    await page.keyboard.press("a");
    await page.keyboard.press("r");
    const renameDialog = page.getByRole("dialog", { name: "Rename custom entity" });
    await renameDialog.waitFor();
    await expectFocused(renameDialog.getByLabel("Name"));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Doomed wallets renamed");
    await page.keyboard.press("Enter");
    await renameDialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await (await demoClient()).customEntities.get(created.uuid)).name)
      .toBe("Doomed wallets renamed");
    // The page's heading follows the rename without a reload.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toContain("Doomed wallets renamed");

    // a a: the addresses, one a line; a second one added by keyboard starts a new refresh.
    await page.keyboard.press("a");
    await page.keyboard.press("a");
    const addressesDialog = page.getByRole("dialog", { name: /^Addresses of/ });
    const list = addressesDialog.getByLabel("Addresses and entity URNs");
    await expectFocused(list);
    expect(await list.inputValue()).toBe(oneEntityResource()[0]!.resourceUrn);
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(`\n${addresses[1]}`);
    await screenshot(page, "edit-addresses");
    await page.keyboard.press("ControlOrMeta+Enter");
    await addressesDialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await (await demoClient()).customEntities.get(created.uuid)).resources.length)
      .toBe(2);
    await expect
      .poll(() => page.getByTestId("refresh-status").textContent(), { timeout: 30_000 })
      .toContain("Up to date");

    // a d: Delete asks first; Cancel has the focus, so Enter alone keeps the entity.
    await page.keyboard.press("a");
    await page.keyboard.press("d");
    const confirm = page.getByRole("alertdialog", { name: /^Delete Doomed wallets/ });
    await confirm.waitFor();
    await expectFocused(confirm.getByRole("button", { name: "Cancel" }));
    await screenshot(page, "delete-custom-entity");
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "detached" });
    expect((await (await demoClient()).customEntities.get(created.uuid)).uuid).toBe(created.uuid);

    await page.keyboard.press("a");
    await page.keyboard.press("d");
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole("button", { name: "Delete custom entity" }));
    await page.keyboard.press("Enter");
    await page.getByTestId("custom-entities-page").waitFor();
    await expect((await demoClient()).customEntities.get(created.uuid)).rejects.toMatchObject({
      status: 404,
    });
  });

  test("002 §4 a colleague shared as viewer reads the custom entity and is offered no edit", async () => {
    const demo = await demoClient();
    const created = await demo.customEntities.create({
      name: "Read only wallets",
      resources: oneEntityResource(),
    });
    await demo.customEntities.share(created.uuid, [
      {
        op: "add",
        path: "relation",
        value: "viewer",
        context: { subjectUrn: `urn:sleuth:user:${colleague.uuid}` },
      },
    ]);
    const page = await signInAs(
      await newContext(),
      server.baseUrl,
      colleague,
      `/custom-entity/${created.uuid}`,
    );
    await page.getByRole("heading", { level: 1, name: "Read only wallets" }).waitFor();
    await page.getByText("You: viewer", { exact: true }).waitFor();
    for (const action of ["Share", "Rename", "Refresh data", "Delete"])
      expect(await page.getByRole("button", { name: new RegExp(`^${action}`) }).count()).toBe(0);
    // Nor does the palette offer them.
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: /Command palette/ });
    await palette.waitFor();
    await page.keyboard.type("custom entity");
    await palette.getByRole("option", { name: /New custom entity/ }).waitFor();
    expect(
      await palette.getByRole("option", { name: /Rename custom entity|Delete custom entity/ }).count(),
    ).toBe(0);
    await screenshot(page, "custom-entity-viewer");
  });

  test("002 §7 an admin invites someone new by e-mail from the share dialog and shares with them", async () => {
    const created = await (await demoClient()).customEntities.create({
      name: "Invite wallets",
      resources: oneEntityResource(),
    });
    const page = await signInAsDemo(await newContext(), server.baseUrl, `/custom-entity/${created.uuid}`);
    await page.getByRole("button", { name: /^Share/ }).waitFor();
    await page.keyboard.press("a");
    await page.keyboard.press("s");
    await page.getByTestId("share-form").waitFor();
    await tabTo(page, page.getByLabel("Or invite by e-mail"), 30);
    await page.keyboard.type("newcomer-share@test.example");
    await page.keyboard.press("Enter");
    await page.getByLabel(/^Access of newcomer-share@test.example/).waitFor();
    await screenshot(page, "share-invite");
    await tabTo(page, shareDialog(page).getByRole("button", { name: "Save" }), 30);
    await page.keyboard.press("Enter");
    await shareDialog(page).waitFor({ state: "detached" });
    const collaborators = await (await demoClient()).customEntities.collaborators(created.uuid);
    expect(
      collaborators.users.find((user) => user.email === "newcomer-share@test.example")?.relations,
    ).toEqual(["viewer"]);
  });

  test("000 §4 the graph node of a custom entity shows its refresh status from the node's metadata", async () => {
    const client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const created = await client.customEntities.create({
      name: "Graph refresh check",
      resources: [{ resourceUrn: `urn:sleuth:address:bitcoin:${addresses[1]}` }],
    });
    const parts = () =>
      server.store.query<{ parts: string[] }>(
        `SELECT ARRAY[refresh_summary, refresh_transfers, refresh_addresses, refresh_metrics]::text[] AS parts
           FROM custom_entities WHERE uuid = $1`,
        [created.uuid],
      );
    // The worker finishes the refresh first, so it cannot overwrite the state set below.
    await expect
      .poll(async () => (await parts())[0]?.parts, { timeout: 30_000 })
      .toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    await server.store.query("UPDATE custom_entities SET refresh_metrics = 'failed' WHERE uuid = $1", [
      created.uuid,
    ]);
    const page = await signInAsDemo(await newContext(), server.baseUrl);
    const urn = customEntityUrn(created.uuid);
    await page.goto(`${server.baseUrl}/graph?trmUrn=${encodeURIComponent(urn)}`);
    const node = page.getByTestId("graph-node").filter({ hasText: "Graph refresh check" });
    await node.waitFor({ timeout: 15_000 });
    expect(await node.getByTestId("graph-node-refresh").textContent()).toBe("Refresh failed");
    await screenshot(page, "graph-custom-entity-refresh");

    // Up to date again: the node says nothing more.
    await server.store.query("UPDATE custom_entities SET refresh_metrics = 'succeeded' WHERE uuid = $1", [
      created.uuid,
    ]);
    await page.reload();
    await node.waitFor({ timeout: 15_000 });
    expect(await node.getByTestId("graph-node-refresh").count()).toBe(0);
  });

  test("000 §9 the custom entities page lists them (g e)", async () => {
    const page = await signInAsDemo(await newContext(), server.baseUrl);
    await page.keyboard.press("g");
    await page.keyboard.press("e");
    await page.getByTestId("custom-entities-page").waitFor();
    await page.getByRole("table", { name: "Custom entities" }).waitFor();
    await screenshot(page, "custom-entities-list");
  });
});

describe("organization settings by keyboard", () => {
  test("000 §5 / §6 create an organization, invite a member and make them an editor", async () => {
    const page = await signInAsDemo(await newContext(), server.baseUrl);
    await page.keyboard.press("g");
    await page.keyboard.press("s");
    await page.getByTestId("organization-settings").waitFor();
    // n o: New organization… puts the focus in its name field.
    await page.keyboard.press("n");
    await page.keyboard.press("o");
    await expectFocused(page.getByLabel("New organization name"));
    await page.keyboard.type("Keyboard Agency");
    await page.keyboard.press("Enter");
    // The console reloads into the new organization through the refresh route.
    await expect
      .poll(() => page.getByTestId("organization-switcher").textContent(), { timeout: 20_000 })
      .toContain("Keyboard Agency");
    await page.getByTestId("organization-settings").waitFor();
    // a m: Invite a member… (the creator is the new organization's admin).
    await page.keyboard.press("a");
    await page.keyboard.press("m");
    await expectFocused(page.getByLabel("Invite by e-mail"));
    await page.keyboard.type("invitee@test.example");
    await page.keyboard.press("Enter");
    await page.getByRole("cell", { name: "invitee@test.example", exact: true }).first().waitFor();
    // The admin makes the invitee an editor from the members table's role menu.
    const inviteeRole = page.getByLabel("Role of invitee@test.example");
    await tabTo(page, inviteeRole, 30);
    await page.keyboard.press("ArrowDown");
    await alertText(page, "invitee@test.example is now editor").first().waitFor();
    expect(await inviteeRole.inputValue()).toBe("editor");
    await screenshot(page, "organization-settings");
  });

  test("000 §9 preferences: cache freshness and pinned navigation apply at once (g p)", async () => {
    const page = await signInAsDemo(await newContext(), server.baseUrl);
    await page.keyboard.press("g");
    await page.keyboard.press("p");
    await page.getByTestId("preferences-page").waitFor();
    await tabTo(page, page.getByLabel("Cache freshness"), 30);
    await page.keyboard.press("ArrowDown");
    await tabTo(page, page.getByLabel("Custom entities", { exact: true }), 30);
    await page.keyboard.press("Space");
    await page.getByTestId("pinned-navigation").getByRole("link", { name: "Custom entities" }).waitFor();
    await screenshot(page, "preferences");
    const saved = await server
      .client({ token: await server.tokenFor(server.demo.user.email) })
      .preferences.list();
    expect(saved.find((preference) => preference.key === "cache-freshness")?.value).toEqual({ ms: 300_000 });
  });
});

describe("table configuration by keyboard", () => {
  test("000 §3 v c hides a transfer column; the choice is kept as the table-config preference", async () => {
    const page = await signInAsDemo(
      await newContext(),
      server.baseUrl,
      `/address/${busy.chain}/${busy.address}?pane=transfers`,
    );
    const table = page.getByTestId("transfers-table");
    await table.waitFor();
    const direction = table.getByRole("columnheader", { name: "Direction" });
    await direction.waitFor();
    await page.keyboard.press("v");
    await page.keyboard.press("c");
    const dialog = page.getByRole("dialog", { name: "Columns of Transfers" });
    await dialog.waitFor();
    // The transaction column opens the row: it stays.
    expect(await dialog.getByLabel("Transaction", { exact: true }).isDisabled()).toBe(true);
    await tabTo(page, dialog.getByLabel("Direction", { exact: true }));
    await page.keyboard.press("Space");
    await expect.poll(() => direction.count()).toBe(0);
    await screenshot(page, "columns-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await table.getByRole("columnheader", { name: "USD" }).count()).toBe(1);
    const saved = (await (await demoClient()).preferences.list()).find((each) => each.key === "table-config");
    const columns = (saved?.value as { transfers?: { columns: string[] } } | undefined)?.transfers?.columns;
    expect(columns).toContain("usd");
    expect(columns).not.toContain("direction");

    // The preferences page shows the same choice for every table.
    await page.keyboard.press("g");
    await page.keyboard.press("p");
    await page.getByTestId("preferences-page").waitFor();
    const transfers = page.getByRole("group", { name: "Transfers table columns" });
    expect(await transfers.getByLabel("Direction", { exact: true }).isChecked()).toBe(false);
    await page.getByRole("group", { name: "Cases table columns" }).waitFor();
    await (await demoClient()).preferences.set("table-config", {});
  });
});

describe("feature flags by keyboard", () => {
  test("002 §6 a staff user toggles a flag and the console reloads with it", async () => {
    const staff = await server.createUser({ email: "flags@sleuth.dev", fullName: "Sam Staff" });
    await server.addMember(staff.email, server.demo.organization.uuid, "viewer");
    const page = await signInAs(await newContext(), server.baseUrl, staff);

    await page.keyboard.press("g");
    await page.keyboard.press("f");
    const dialog = page.getByRole("dialog", { name: "Feature flags" });
    await dialog.waitFor();
    expect(await dialog.getByRole("row").count()).toBe(11);
    await screenshot(page, "feature-flags");
    const ipSearch = dialog.getByRole("button", { name: "ipSearch" });
    await tabTo(page, ipSearch);
    // The console reloads on the same URL: mark this document so the wait is for a new one.
    await page.evaluate(() => {
      (window as { beforeToggle?: boolean }).beforeToggle = true;
    });
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !(window as { beforeToggle?: boolean }).beforeToggle, null, {
      timeout: 20_000,
    });
    await page.waitForURL(`${server.baseUrl}/`, { timeout: 20_000 });
    await page.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
    const flags = await server
      .client({ token: await server.tokenFor(staff.email) })
      .featureFlags.get(server.demo.organization.uuid);
    expect(flags.ipSearch).toBe(false);
    // The reloaded console binds its keys once it has loaded: press g f until the dialog answers.
    await expect
      .poll(
        async () => {
          if (!(await dialog.isVisible())) {
            await page.keyboard.press("g");
            await page.keyboard.press("f");
          }
          return dialog.isVisible();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    await expect
      .poll(() => page.getByRole("button", { name: "ipSearch" }).getAttribute("aria-pressed"), {
        timeout: 10_000,
      })
      .toBe("false");
  });
  test("002 §6 turning customEntitySharing off takes Share away from the custom entity page", async () => {
    const staff = await server.createUser({ email: "sharing-flag@sleuth.dev", fullName: "Sol Staff" });
    await server.addMember(staff.email, server.demo.organization.uuid, "editor");
    const staffClient = server.client({ token: await server.tokenFor(staff.email) });
    const created = await staffClient.customEntities.create({
      name: "Flag follower wallets",
      resources: oneEntityResource(),
    });
    const page = await signInAs(await newContext(), server.baseUrl, staff, `/custom-entity/${created.uuid}`);
    const share = page.getByRole("button", { name: /^Share/ });
    await share.waitFor();
    await page.keyboard.press("g");
    await page.keyboard.press("f");
    const dialog = page.getByRole("dialog", { name: "Feature flags" });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole("button", { name: "customEntitySharing" }));
    await page.keyboard.press("Enter");
    // The refresh route reloads the console on the same page, now without sharing.
    await page.waitForURL(`${server.baseUrl}/custom-entity/${created.uuid}`, { timeout: 20_000 });
    await page.getByText("You: editor", { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: /^Rename/ }).waitFor();
    // The URL matches before the reload as well as after it: wait for what the reload shows.
    await expect.poll(() => share.count(), { timeout: 20_000 }).toBe(0);
    await screenshot(page, "sharing-flag-off");
    await staffClient.featureFlags.set("customEntitySharing", {
      organizationUuid: server.demo.organization.uuid,
      enabled: true,
    });
  });
});
