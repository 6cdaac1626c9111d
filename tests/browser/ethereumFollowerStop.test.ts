import type { SleuthClient } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Anvil, anvilFunder } from "../helpers/anvil.ts";
import { blockOf, followerStatusUntil, nodeHead } from "../helpers/followerStatus.ts";
import type { TestServer } from "../helpers/server.ts";
import { closeContexts } from "./chromium.ts";
import { startFollowerConsole } from "./followerConsole.ts";
import { expectFocused, signInAs, signInAsDemo, tabTo } from "./keyboard.ts";

// Issue 46 "visible and stoppable from the console's organization settings for admins", by
// keyboard alone: an admin stops the server's follower of a real node (anvil) with the palette's
// command and with the section's Stop button, and sees it stopped; a member below admin sees
// neither the section nor its commands.

let anvil: Anvil;
let server: TestServer;
let browser: Browser;
let admin: SleuthClient;

beforeAll(async () => {
  ({ anvil, server, browser } = await startFollowerConsole());
  admin = server.client({ token: await server.tokenFor(server.demo.user.email) });
  const funder = anvil.wallet(anvilFunder);
  await funder.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: anvilFunder.address, value: parseEther("1") }),
  });
}, 240_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
  await anvil?.stop();
});

async function newPage(signIn: (context: BrowserContext) => Promise<Page>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  return signIn(context);
}

/** The follower following the node's head, caught up, as the admin's console will find it. */
async function following(): Promise<void> {
  const head = await nodeHead(anvil);
  await admin.ingest.start({ rpcUrl: anvil.url, from: 0, confirmations: 0 });
  await followerStatusUntil(admin, (status) => blockOf(status.checkpoint) >= head);
}

/** Organization settings (g s) with the follower section showing it following. */
async function followerSettings(page: Page) {
  await page.keyboard.press("g");
  await page.keyboard.press("s");
  const section = page.getByTestId("chain-follower-section");
  await section.waitFor();
  await expect.poll(() => section.getByTestId("follower-status").textContent()).toContain("Following");
  return section;
}

describe("issue 46 stopping the Ethereum follower in the console", () => {
  test("issue 46 an admin stops a following follower with the palette's command and sees it stopped", async () => {
    await following();
    const page = await newPage((context) => signInAsDemo(context, server.baseUrl));
    const section = await followerSettings(page);
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: /Command palette/ });
    await palette.waitFor();
    await page.keyboard.type(">stop following");
    await palette.getByRole("option", { name: /Stop following the Ethereum node/ }).waitFor();
    await page.keyboard.press("Enter");
    const status = section.getByTestId("follower-status");
    await expect.poll(() => status.textContent()).toContain("Stopped");
    expect((await admin.ingest.status()).state).toBe("stopped");
    // Stopped, the section offers no Stop, and the palette no stop command.
    expect(await section.getByRole("button", { name: "Stop", exact: true }).count()).toBe(0);
    await page.keyboard.press("ControlOrMeta+k");
    await palette.waitFor();
    await page.keyboard.type(">Ethereum node");
    await palette.getByRole("option", { name: /Follow an Ethereum node/ }).waitFor();
    expect(await palette.getByRole("option", { name: /Stop following/ }).count()).toBe(0);
  });

  test("issue 46 an admin stops a following follower with the section's Stop button", async () => {
    await following();
    const page = await newPage((context) => signInAsDemo(context, server.baseUrl));
    const section = await followerSettings(page);
    // e i puts the focus in the section's form; its Stop button is a few Tabs on.
    await page.keyboard.press("e");
    await page.keyboard.press("i");
    await expectFocused(section.getByLabel("Node JSON-RPC URL"));
    await tabTo(page, section.getByRole("button", { name: "Stop", exact: true }), 8);
    await page.keyboard.press("Enter");
    await expect.poll(() => section.getByTestId("follower-status").textContent()).toContain("Stopped");
    expect((await admin.ingest.status()).state).toBe("stopped");
  });

  test("issue 46 a member below admin sees neither the follower's section nor its commands", async () => {
    const editor = await server.createUser();
    await server.addMember(editor.email, server.demo.organization.uuid, "editor");
    const page = await newPage((context) => signInAs(context, server.baseUrl, editor));
    await page.keyboard.press("g");
    await page.keyboard.press("s");
    await page.getByTestId("organization-settings").getByText("you are editor").waitFor();
    expect(await page.getByTestId("chain-follower-section").count()).toBe(0);
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: /Command palette/ });
    await palette.waitFor();
    await page.keyboard.type(">Ethereum node");
    // What matches loosely shows; the follower's commands, which would show with it, do not.
    await palette.getByRole("option", { name: /Open a random Ethereum address/ }).waitFor();
    expect(
      await palette.getByRole("option", { name: /Follow an Ethereum node|Stop following/ }).count(),
    ).toBe(0);
    // The page's own commands are there: the palette is not merely empty.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(">New organization");
    await palette.getByRole("option", { name: /New organization/ }).waitFor();
  });
});
