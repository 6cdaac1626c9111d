import type { Browser, BrowserContext } from "playwright";
import { type Hex, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { type Anvil, anvilFunder, deployToken, startAnvil, tokenAbi } from "../helpers/anvil.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { closeContexts, sharedChromium } from "./chromium.ts";
import { expectFocused, signInAsDemo } from "./keyboard.ts";

// Issue 46 in the console, by keyboard alone: an admin starts the Ethereum follower on a real node
// (anvil) from organization settings, sees it reach the block asked, then reads the transfers it
// wrote on the receiver's address page. With SLEUTH_SCREENSHOTS=<dir> both screens are saved.

let anvil: Anvil;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
const alice = privateKeyToAccount(generatePrivateKey());
const bob = privateKeyToAccount(generatePrivateKey());
const sent: Hex[] = [];
let head: number;
const screenshots = process.env.SLEUTH_SCREENSHOTS;

beforeAll(async () => {
  ensureConsoleBuilt();
  [anvil, server, browser] = await Promise.all([
    startAnvil(),
    startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: webDist, SLEUTH_ETHEREUM_POLL_MS: "20" } }),
    sharedChromium(),
  ]);
  const funder = anvil.wallet(anvilFunder);
  await funder.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: alice.address, value: parseEther("3") }),
  });
  const token = await deployToken(anvil, anvilFunder, {
    name: "Console Token",
    symbol: "CON",
    supply: parseUnits("100", 18),
    owner: alice.address,
  });
  const a = anvil.wallet(alice);
  sent.push(await a.sendTransaction({ to: bob.address, value: parseEther("1.5") }));
  sent.push(
    await a.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: "transfer",
      args: [bob.address, parseUnits("7", 18)],
    }),
  );
  for (const hash of sent) await a.waitForTransactionReceipt({ hash });
  head = Number(await a.getBlockNumber({ cacheTime: 0 }));
}, 240_000);

afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
  await server?.close();
  await anvil?.stop();
});

describe("issue 46 the Ethereum follower in the console", () => {
  test("issue 46 an admin follows a node from organization settings and reads its transfers", async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await signInAsDemo(context, server.baseUrl);
    await page.keyboard.press("g");
    await page.keyboard.press("s");
    const section = page.getByTestId("chain-follower-section");
    await section.waitFor();
    await expect
      .poll(() => section.getByTestId("follower-status").textContent())
      .toContain("No node has been followed yet");
    await page.keyboard.press("e");
    await page.keyboard.press("i");
    const url = section.getByLabel("Node JSON-RPC URL");
    await expectFocused(url);
    await page.keyboard.type(anvil.url);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("0");
    await page.keyboard.press("Tab");
    await page.keyboard.type("0");
    await page.keyboard.press("Tab");
    await page.keyboard.type(String(head));
    await page.keyboard.press("Enter");
    const status = section.getByTestId("follower-status");
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toContain("Reached its last block");
    expect(await status.textContent()).toContain(`block ${head} · head ${head} (0 behind)`);
    if (screenshots) await page.screenshot({ path: `${screenshots}/follower-settings.png`, fullPage: true });

    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type(bob.address.toLowerCase());
    const result = page
      .locator('[role="option"][data-kind="result"]')
      .filter({ hasText: bob.address.toLowerCase().slice(-10) });
    await expect.poll(() => result.first().getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Transfers" }).waitFor();
    await page.keyboard.press("2");
    const table = page.getByTestId("transfers-table");
    const links = table.locator("[data-transfer-link]");
    await expect.poll(() => links.count()).toBe(2);
    const hashes = await links.evaluateAll((elements) =>
      elements.map((e) => e.getAttribute("title")?.toLowerCase()),
    );
    expect(hashes).toEqual([sent[1], sent[0]]);
    const text = await table.textContent();
    expect(text).toContain("CON");
    expect(text).toContain("1.5");
    if (screenshots) await page.screenshot({ path: `${screenshots}/follower-transfers.png` });
  });
});
