import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import type { Browser, BrowserContext, Locator, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { type SmtpReceiver, startSmtpReceiver } from "../helpers/notificationReceivers.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo, tabTo } from "./keyboard.ts";

// Issue "Act on findings", by keyboard alone in Chromium: flag a demo-world address, indicate
// interest, reveal another investigator's masked interest, create a case, attach the address,
// escalate it to a colleague who then sees it in their inbox and receives the e-mail (issue 40, a
// loopback SMTP server), notify a VASP, see the e-mail sent with its case number and download it.
// SLEUTH_SCREENSHOTS=<dir> keeps a screenshot of each screen.

let server: TestServer;
let smtp: SmtpReceiver;
let browser: Browser;
const contexts: BrowserContext[] = [];
let address: { chain: ChainId; address: string };
let vasp: { slug: string; name: string };
const colleague = {
  email: "casey.colleague@sleuth.example",
  password: "colleague-pass-1",
  name: "Casey Colleague",
};
const shotsDir = process.env.SLEUTH_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
}

beforeAll(async () => {
  ensureConsoleBuilt();
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    store: "pglite",
    world: "small",
    env: { SLEUTH_WEB_DIST: webDist, SLEUTH_SMTP_URL: smtp.url },
  });
  browser = await sharedChromium();
  const [row] = await server.store.query<{ chain: ChainId; address: string }>(
    `SELECT a.chain, a.address FROM addresses a WHERE a.chain = 'bitcoin' AND a.first_active IS NOT NULL
     ORDER BY a.id LIMIT 1`,
  );
  address = row!;
  const [entity] = await server.store.query<{ slug: string; name: string }>(
    `SELECT slug, name FROM entities WHERE category_id IN (8, 13) AND v2_beacon_network_contact IS NOT NULL
     ORDER BY id LIMIT 1`,
  );
  vasp = entity!;
  // A colleague in the demo organization, and their open interest in the address, with notification on.
  const user = await server.createUser({ ...colleague, fullName: colleague.name });
  await server.addMember(user.email, server.demo.organization.uuid, "editor");
  const client = server.client({ token: await server.tokenFor(user.email) });
  await client.interests.create({
    visibilityLevel: "ORG",
    privacyOption: "OPEN",
    note: "Seen in a fraud report",
    trmResourceUrns: [addressChainUrn(address.chain, address.address)],
    isRevealNotificationEnabled: true,
    networkUuids: [],
    verticals: [],
    countryIsoCodes: [],
  });
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await closeContexts(browser);
  await server?.close();
  await smtp?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context;
}

const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette/ });
const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

/** Opens the palette, types, waits for `row` to be highlighted and presses Enter. */
async function paletteOpen(page: Page, query: string, row: (palette: Locator) => Locator): Promise<void> {
  await page.keyboard.press("ControlOrMeta+k");
  await expectFocused(palette(page).getByRole("combobox"));
  await page.keyboard.type(query);
  const target = row(palette(page));
  await expect.poll(() => target.getAttribute("aria-selected"), { timeout: 30_000 }).toBe("true");
  await page.keyboard.press("Enter");
  await palette(page).waitFor({ state: "detached" });
}

async function openAddress(page: Page): Promise<void> {
  await paletteOpen(page, address.address, (list) =>
    list
      .locator('[role="option"][data-kind="result"]')
      .filter({ hasText: address.address.slice(0, 8) })
      .first(),
  );
  await page.getByTestId("address-page").waitFor();
  await page.getByRole("navigation", { name: "Actions" }).waitFor();
}

const caseSelect = (within: Locator) => within.getByRole("combobox", { name: /^Case\b/ });
const selectedText = (select: Locator) =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");

async function keys(page: Page, ...presses: string[]): Promise<void> {
  for (const press of presses) await page.keyboard.press(press);
}

/** 001 §5: the category by type-ahead and the four text fields of at least three words, then submit. */
async function fillFlagForm(page: Page, flag: Locator, options: { blurError: boolean }): Promise<void> {
  const category = flag.getByLabel("Category", { exact: false }).first();
  await tabTo(page, category);
  await page.keyboard.type("Ransomware");
  await page.keyboard.press("Tab");
  if (options.blurError) {
    await page.keyboard.type("too short");
    await page.keyboard.press("Tab");
    await flag.getByText("field too short").waitFor();
    await shot(page, "02-flag-form-error");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type(" really");
  } else {
    await page.keyboard.type("Received ransom payments daily");
  }
  for (const text of [
    "About two BTC since March",
    "Identify the operators quickly",
    "Freeze funds at exchanges",
  ]) {
    await page.keyboard.press("Tab");
    await page.keyboard.type(text);
  }
  const submit = flag.getByRole("button", { name: "Submit flag" });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  await flag.getByText("Thank you. Your flag has been submitted.").waitFor();
}

describe("acting on findings by keyboard (issue Act on findings)", () => {
  test("001 §5 flag, 001 §4 interest and reveal, 002 §5 case and escalation, 000 §4 notify a VASP", async () => {
    const context = await newContext();
    const page = await signInAsDemo(context, server.baseUrl);
    await openAddress(page);
    await shot(page, "01-address-page");

    // 001 §5 flag: "a f" opens the form; the category by type-ahead, four fields of three words.
    await keys(page, "a", "f");
    const flag = dialog(page, /^Flag /);
    await flag.waitFor();
    await fillFlagForm(page, flag, { blurError: true });
    await shot(page, "03-flag-submitted");
    // 001 §4: the dialog closes after the success delay and the flag is on the page.
    await flag.waitFor({ state: "detached", timeout: 10_000 });
    await page.getByTestId("flag-item").filter({ hasText: "Ransomware" }).waitFor();

    // 001 §2 indicate interest: "a i", the preset tab's organization level, Enter in the note sends.
    await keys(page, "a", "i");
    const sidebar = dialog(page, /^Indicate interest in /);
    await sidebar.waitFor();
    const note = sidebar.getByLabel("Note");
    await tabTo(page, note, 40);
    await page.keyboard.type("Following the ransom payments");
    await shot(page, "04-interest-sidebar");
    await page.keyboard.press("Enter");
    await sidebar.waitFor({ state: "detached" });

    // 001 §4: the colleague's open interest is masked until revealed ('Reveal and Notify').
    await keys(page, "a", "v");
    const investigators = dialog(page, /^Interested investigators/);
    await investigators.waitFor();
    const masked = investigators.getByTestId("interest-item").filter({ hasText: "hidden until revealed" });
    await masked.waitFor();
    expect(await investigators.getByText(colleague.email).count()).toBe(0);
    await shot(page, "05-investigators-masked");
    const reveal = masked.getByRole("button", { name: "Reveal" });
    await tabTo(page, reveal);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Reveal and Notify" });
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole("button", { name: "Reveal and Notify" }));
    await page.keyboard.press("Enter");
    await investigators.getByText(colleague.email).waitFor();
    await shot(page, "06-investigators-revealed");
    await page.keyboard.press("Escape");
    await investigators.waitFor({ state: "detached" });

    // 002 §5 new case ("n c"), shared with the organization; it opens on its page.
    await keys(page, "n", "c");
    const newCase = dialog(page, "New case");
    await newCase.waitFor();
    await expectFocused(newCase.getByLabel("Case name"));
    await page.keyboard.type("Ransom trail");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await shot(page, "07-new-case");
    await page.keyboard.press("Enter");
    await page.getByTestId("case-page").getByRole("heading", { name: "Ransom trail" }).waitFor();
    await shot(page, "08-case-page-empty");

    // Attach the address ("a c" on its page).
    await openAddress(page);
    await keys(page, "a", "c");
    const attach = dialog(page, /to a case$/);
    await caseSelect(attach).waitFor();
    await expectFocused(caseSelect(attach));
    // The newest case comes first and is chosen already: the list the console holds has it from
    // its creation on, not only once a refetch answers.
    expect(await selectedText(caseSelect(attach))).toBe("Ransom trail");
    await shot(page, "09-attach");
    await tabTo(page, attach.getByRole("button", { name: "Add to case" }));
    await page.keyboard.press("Enter");
    await attach.waitFor({ state: "detached" });
    await page
      .getByText(/Added to the case/)
      .first()
      .waitFor();

    // The flag joins the case too ("Add flag to a case" on the flag).
    const flagItem = page.getByTestId("flag-item").filter({ hasText: "Ransomware" });
    await tabTo(page, flagItem.getByRole("button", { name: "Add flag to a case" }), 120);
    await page.keyboard.press("Enter");
    const attachFlag = dialog(page, /flag to a case$/);
    await caseSelect(attachFlag).waitFor();
    await expectFocused(caseSelect(attachFlag));
    expect(await selectedText(caseSelect(attachFlag))).toBe("Ransom trail");
    await tabTo(page, attachFlag.getByRole("button", { name: "Add to case" }));
    await page.keyboard.press("Enter");
    await attachFlag.waitFor({ state: "detached" });

    // 002 §5 escalate ("a e"): the shared case, the colleague found by name, a note.
    await keys(page, "a", "e");
    const escalate = dialog(page, /^Escalate /);
    await caseSelect(escalate).waitFor();
    await expectFocused(caseSelect(escalate));
    expect(await selectedText(caseSelect(escalate))).toBe("Ransom trail");
    await tabTo(page, escalate.getByPlaceholder("Find people by name or e-mail"));
    await page.keyboard.type("casey");
    const pick = escalate.getByRole("checkbox", { name: /Casey Colleague/ });
    await pick.waitFor();
    await expect.poll(() => escalate.getByRole("checkbox").count()).toBe(1);
    await tabTo(page, pick);
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Please look at this today");
    await shot(page, "10-escalate");
    await tabTo(page, escalate.getByRole("button", { name: "Escalate" }));
    await page.keyboard.press("Enter");
    await escalate.waitFor({ state: "detached" });
    // Issue 40: the colleague receives the e-mail, naming the subject, the organization and the inbox.
    // (The reveal of their interest above reached them by e-mail too.)
    await expect
      .poll(() => smtp.messages.filter((mail) => mail.subject.startsWith("Escalated to you")).length)
      .toBe(1);
    const escalationMail = smtp.messages.find((mail) => mail.subject.startsWith("Escalated to you"))!;
    expect(escalationMail.to).toEqual([colleague.email]);
    expect(escalationMail.subject).toMatch(/^Escalated to you: .* \(Demo Investigations\)$/);
    expect(escalationMail.text).toContain("Please look at this today");
    expect(escalationMail.text).toContain(`${server.baseUrl}/workspace/inbox`);
    const revealMail = smtp.messages.find((mail) =>
      mail.subject.startsWith("Your investigation interest was revealed"),
    );
    expect(revealMail?.to).toEqual([colleague.email]);

    // On the graph ("g v"): plot the address, flag the selected node ("a f"); once the success delay
    // has passed the dialog closes and the plot the flag came from is no longer selected (001 §4).
    await keys(page, "g", "v");
    await page.getByTestId("graph-empty").waitFor();
    await page.keyboard.press("p");
    await expectFocused(palette(page).getByRole("combobox"));
    await page.keyboard.type(address.address);
    await palette(page).locator('[role="option"][data-kind="result"]').first().waitFor();
    await page.keyboard.press("Enter");
    await page.getByTestId("graph-selected").waitFor();
    await keys(page, "a", "f");
    const graphFlag = dialog(page, /^Flag /);
    await graphFlag.waitFor();
    await fillFlagForm(page, graphFlag, { blurError: false });
    await graphFlag.waitFor({ state: "detached", timeout: 10_000 });
    await page.getByText("No node selected.").waitFor();
    // Save the graph, then add it to the case ("a c").
    await page.keyboard.press("ControlOrMeta+s");
    const save = dialog(page, "Save graph");
    await save.waitFor();
    await page.keyboard.type("Ransom graph");
    await page.keyboard.press("Enter");
    await page.getByText("Saved Ransom graph").waitFor();
    await keys(page, "a", "c");
    const attachGraph = dialog(page, /^Add Ransom graph to a case$/);
    await caseSelect(attachGraph).waitFor();
    await expectFocused(caseSelect(attachGraph));
    expect(await selectedText(caseSelect(attachGraph))).toBe("Ransom trail");
    await tabTo(page, attachGraph.getByRole("button", { name: "Add to case" }));
    await page.keyboard.press("Enter");
    await attachGraph.waitFor({ state: "detached" });
    await shot(page, "11-graph-added");

    // The case holds the address, the flag and the graph ("g k" opens a case from the palette).
    await keys(page, "g", "k");
    await expectFocused(palette(page).getByRole("combobox"));
    await page.keyboard.type("Ransom trail");
    const caseOption = palette(page)
      .getByRole("option", { name: /Ransom trail/ })
      .first();
    await expect.poll(() => caseOption.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.getByTestId("case-elements").getByText(address.address).waitFor();
    await page
      .getByTestId("case-flags")
      .getByText(/^Ransomware ·/)
      .waitFor();
    await page.getByTestId("case-graphs").getByRole("link", { name: "Ransom graph" }).waitFor();
    await shot(page, "12-case-with-address-flag-graph");

    // 000 §4 notify a VASP with a beacon contact: certify, notify, download BEACON-nnnnn.txt.
    await paletteOpen(page, vasp.name, (list) =>
      list.locator('[role="option"][data-kind="result"]').filter({ hasText: vasp.name }).first(),
    );
    await page.getByTestId("entity-page").waitFor();
    await page.getByRole("button", { name: /Notify service provider/ }).waitFor();
    await keys(page, "a", "n");
    const notify = dialog(page, /^Notify /);
    await notify.waitFor();
    const certify = notify.getByRole("checkbox");
    await tabTo(page, certify);
    await page.keyboard.press("Space");
    await shot(page, "13-notify-certify");
    await tabTo(page, notify.getByRole("button", { name: "Notify" }));
    await page.keyboard.press("Enter");
    const caseNumber = await notify.getByTestId("beacon-case-number").textContent();
    expect(caseNumber).toMatch(/^BEACON-[1-9]\d{4}$/);
    // Issue 40: the dialog follows the e-mail until it is sent to the provider's beacon contact.
    const delivery = notify.getByTestId("delivery-state");
    await expect.poll(() => delivery.getAttribute("data-state"), { timeout: 20_000 }).toBe("sent");
    expect(await delivery.textContent()).toMatch(/^Sent to beacon@/);
    const providerMail = smtp.messages.find((mail) => mail.subject.includes(caseNumber!));
    expect(providerMail?.to[0]).toMatch(/^beacon@/);
    await shot(page, "14-notify-done");
    const download = page.waitForEvent("download");
    await expectFocused(notify.getByRole("button", { name: "Download notification" }));
    await page.keyboard.press("Enter");
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${caseNumber}.txt`);
    const downloaded = readFileSync((await file.path())!, "utf8");
    expect(downloaded).toContain(`Case number: ${caseNumber}`);
    // 000 §4 / issue 40: the downloaded notification is the e-mail that was sent.
    expect(downloaded.trim()).toBe(providerMail!.text.trim());
    // 000 §9: the case number is kept locally.
    const stored = await page.evaluate(
      (key) => localStorage.getItem(key),
      `sleuth.beacon.notified.urn:sleuth:entity:${vasp.slug}`,
    );
    expect(JSON.parse(stored ?? "{}").caseNumber).toBe(caseNumber);

    // 002 §6: an admin restricts the notify targets to the colleague; escalating from here then
    // offers that one person, preselected and locked.
    await paletteOpen(page, ">Set who may be notified", (list) =>
      list.getByRole("option", { name: /Set who may be notified of escalations/ }),
    );
    const targets = dialog(page, "Escalation notify targets");
    await expectFocused(targets.getByLabel("E-mails that may be notified"));
    await page.keyboard.type(colleague.email);
    await page.keyboard.press("Enter");
    await targets.waitFor({ state: "detached" });
    await page.getByText("The notify targets were saved.").waitFor();
    await keys(page, "a", "e");
    const restricted = dialog(page, /^Escalate /);
    await caseSelect(restricted).waitFor();
    const only = restricted.getByRole("checkbox", { name: /Casey Colleague/ });
    expect(await only.isChecked()).toBe(true);
    expect(await only.isDisabled()).toBe(true);
    expect(await restricted.getByRole("checkbox").count()).toBe(1);
    await shot(page, "15-escalate-restricted");
    await page.keyboard.press("Escape");
    await restricted.waitFor({ state: "detached" });

    // The colleague signs in by keyboard and finds the escalation in the inbox, counted in the header.
    const theirs = await (await newContext()).newPage();
    await theirs.goto(server.baseUrl);
    await tabTo(theirs, theirs.getByLabel("E-mail address"));
    await theirs.keyboard.type(colleague.email);
    await theirs.keyboard.press("Tab");
    await theirs.keyboard.type(colleague.password);
    await theirs.keyboard.press("Enter");
    await theirs.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
    // The escalation and the reveal of their interest ('Reveal and Notify', 001 §4) are both counted.
    await expect.poll(() => theirs.getByTestId("inbox-count").textContent(), { timeout: 10_000 }).toBe("2");
    await keys(theirs, "g", "i");
    const item = theirs.getByTestId("escalation-item").filter({ hasText: "Ransom trail" });
    await item.getByText("Please look at this today").waitFor();
    const notice = theirs.getByTestId("reveal-notice-item").filter({ hasText: "Dana Demo" });
    await notice.getByText("revealed your interest in").waitFor();
    await notice.getByText(server.demo.user.email).waitFor();
    await shot(theirs, "16-colleague-inbox");
    await tabTo(theirs, item.getByRole("button", { name: "Mark as read" }), 40);
    await theirs.keyboard.press("Enter");
    await expect.poll(() => theirs.getByTestId("inbox-count").textContent()).toBe("1");
    await tabTo(theirs, notice.getByRole("button", { name: "Mark as read" }), 40);
    await theirs.keyboard.press("Enter");
    await expect.poll(() => theirs.getByTestId("inbox-count").count()).toBe(0);
  }, 240_000);
});
