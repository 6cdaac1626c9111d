import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { imageUploadMessages } from "@sleuth/sdk";
import type { Browser, BrowserContext, Page } from "playwright";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { drawPng, drawY4m } from "../helpers/imageFixtures.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { launchChromium } from "./chromium.ts";
import { expectFocused, interceptFileChoosers, signInAsDemo } from "./keyboard.ts";

// 002 §2/§4 and issue 42: search by image and camera in the global search popover (the palette),
// by keyboard, in real Chromium. The camera is Chromium's fake device playing a frame drawn here.
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let directory: string;
let bitcoin: string;
let ethereum: string;

beforeAll(async () => {
  ensureConsoleBuilt();
  server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  [{ address: bitcoin }] = (await server.store.query(
    `SELECT address FROM addresses WHERE chain = 'bitcoin' AND address LIKE 'bc1q%' ORDER BY id LIMIT 1`,
  )) as [{ address: string }];
  [{ address: ethereum }] = (await server.store.query(
    `SELECT address FROM addresses WHERE chain = 'ethereum' ORDER BY id LIMIT 1`,
  )) as [{ address: string }];
  // What the camera sees: a payment QR code of a store address and an address written beside it.
  directory = await mkdtemp(join(tmpdir(), "sleuth-camera-"));
  const frame = join(directory, "frame.y4m");
  await writeFile(
    frame,
    drawY4m({
      width: 640,
      height: 480,
      texts: [{ text: ethereum, x: 16, y: 60, size: 20, mono: true }],
      qrCodes: [{ payload: `bitcoin:${bitcoin}?amount=0.5`, x: 200, y: 160, scale: 5 }],
    }),
  );
  browser = await launchChromium([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${frame}`,
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
});

async function home(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  const page = await signInAsDemo(context, server.baseUrl);
  interceptFileChoosers(page);
  await page.locator("body").focus();
  return page;
}

/** Opens the popover's image search with its hotkey; the focus lands on "Choose an image". */
async function openImageSearch(page: Page): Promise<void> {
  await page.keyboard.press("s");
  await page.keyboard.press("i");
  await page.getByTestId("palette-image-search").waitFor();
  await expectFocused(page.getByTestId("image-choose"));
}

async function choose(page: Page, file: { name: string; buffer: Buffer }): Promise<void> {
  // From a file on disk, as a person picks one: a 21 MB buffer sent through the DevTools protocol
  // outlasted the action's timeout on a loaded machine. Chromium types it by its extension.
  const path = join(directory, file.name);
  await writeFile(path, file.buffer);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
  await chooser.setFiles(path);
}

describe("002 §2 search by image in the global search popover", () => {
  test("002 §2/§4 upload by keyboard: loading, then each identifier with how it was read; Enter opens it", async () => {
    const page = await home();
    await openImageSearch(page);
    // The scan's answer waits until the loading state has been seen (the real server answers it).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/v1/triage/image-scan", async (route) => {
      await held;
      await route.continue();
    });
    const png = drawPng({
      width: 900,
      height: 320,
      texts: [{ text: `Withdrawal to ${ethereum}`, x: 20, y: 60, mono: true }],
      qrCodes: [{ payload: `bitcoin:${bitcoin}`, x: 640, y: 120 }],
    });
    await choose(page, { name: "withdrawal.png", buffer: Buffer.from(png) });
    const progress = page.getByTestId("image-progress");
    await progress.waitFor();
    expect(await progress.textContent()).toMatch(/Uploading|Uploaded|Reviewing/);
    await page.screenshot({ path: "/tmp/imageui-loading.png" });
    release();

    const rows = page.getByTestId("image-identifiers").locator("li");
    await expect
      .poll(() => rows.locator("a").allTextContents(), { timeout: 90_000 })
      .toEqual([ethereum, bitcoin]);
    expect(await rows.nth(0).textContent()).toMatch(/^0x[0-9a-f]{40} text, (exact|corrected)/);
    expect(await rows.nth(1).textContent()).toBe(`${bitcoin} QR code, exact`);
    await page.screenshot({ path: "/tmp/imageui-results.png" });
    // The first row has the focus; the arrow moves to the QR code's address and Enter opens it.
    await expectFocused(rows.nth(0).locator("a"));
    await page.keyboard.press("ArrowDown");
    await expectFocused(rows.nth(1).locator("a"));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.includes(bitcoin));
    await expect.poll(() => page.getByRole("dialog", { name: "Search by image" }).count()).toBe(0);
  }, 120_000);

  test("002 §2 a screenshot pasted into the search box is searched by image", async () => {
    const page = await home();
    await page.keyboard.press("/");
    const box = page.getByRole("combobox");
    await expectFocused(box);
    const png = drawPng({ width: 400, height: 260, qrCodes: [{ payload: bitcoin, x: 120, y: 40 }] });
    // What Ctrl+V of a copied screenshot delivers: a paste event whose clipboard holds the file.
    await box.evaluate((input, bytes) => {
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([new Uint8Array(bytes)], "image.png", { type: "image/png" }));
      input.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    }, Array.from(png));
    await page.getByTestId("palette-image-search").waitFor();
    const rows = page.getByTestId("image-identifiers").locator("li");
    await expect
      .poll(() => rows.allTextContents(), { timeout: 90_000 })
      .toEqual([`${bitcoin} QR code, exact`]);
    expect(await box.count()).toBe(0);
  }, 120_000);

  test("002 §2/§9 the camera captures one frame of the fake device and lists the QR code's address", async () => {
    const page = await home();
    await page.keyboard.press("s");
    await page.keyboard.press("c");
    await page.getByTestId("palette-image-search").waitFor();
    // 002 §9: it opens after 200 ms; the capture button takes the focus once the picture plays.
    const capture = page.getByRole("button", { name: "Capture and search" });
    await expectFocused(capture);
    await page.screenshot({ path: "/tmp/imageui-camera.png" });
    await page.keyboard.press("Enter");
    const rows = page.getByTestId("image-identifiers").locator("li");
    await expect.poll(() => rows.locator("a").allTextContents(), { timeout: 90_000 }).toContain(bitcoin);
    const qr = rows.filter({ hasText: bitcoin });
    expect(await qr.textContent()).toBe(`${bitcoin} QR code, exact`);
    expect(await rows.locator("a").allTextContents()).toContain(ethereum);
    await page.screenshot({ path: "/tmp/imageui-camera-results.png" });
    await qr.locator("a").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.includes(bitcoin));
  }, 120_000);

  test("002 §4/§5/§8 refused and empty images: too large, not an image, no identifier", async () => {
    const page = await home();
    await openImageSearch(page);
    const problem = page.getByTestId("image-problem");
    // Larger than the scan takes: refused before any upload.
    await choose(page, { name: "huge.png", buffer: Buffer.alloc(21 * 1024 * 1024) });
    await expect.poll(() => problem.textContent()).toBe(imageUploadMessages.tooLarge);
    await page.screenshot({ path: "/tmp/imageui-too-large.png" });

    // Named .png but not an image: the server refuses it and says why.
    await page.getByTestId("image-choose").focus();
    await choose(page, { name: "notes.png", buffer: Buffer.from("not a picture") });
    await expect.poll(() => problem.textContent()).toContain(imageUploadMessages.invalidFileType);
    await page.screenshot({ path: "/tmp/imageui-not-image.png" });

    await page.getByTestId("image-choose").focus();
    const empty = drawPng({
      width: 500,
      height: 120,
      texts: [{ text: "Thank you for your order", x: 20, y: 60 }],
    });
    await choose(page, { name: "receipt.png", buffer: Buffer.from(empty) });
    const none = page.getByTestId("no-identifiers");
    await none.waitFor({ timeout: 90_000 });
    expect(await none.textContent()).toContain(imageUploadMessages.noIdentifiersFound);
    expect(await problem.count()).toBe(0);
    await page.screenshot({ path: "/tmp/imageui-no-identifiers.png" });
  }, 120_000);

  test("002 §2 camera permission refused: the popover says so and offers to choose an image", async () => {
    // A browser whose permission prompt answers Block, as a person would.
    const refusing = await launchChromium([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream=deny",
    ]);
    try {
      context = await refusing.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await signInAsDemo(context, server.baseUrl);
      await page.locator("body").focus();
      await page.keyboard.press("s");
      await page.keyboard.press("c");
      const alert = page.getByTestId("camera-popover");
      await alert.waitFor();
      expect(await alert.getAttribute("data-problem")).toBe("denied");
      expect(await alert.textContent()).toContain(imageUploadMessages.cameraDenied);
      await page.screenshot({ path: "/tmp/imageui-camera-denied.png" });
    } finally {
      await context.close();
      await refusing.close();
    }
  });
});

describe("002 §2 search modules in the console", () => {
  test("002 §2 entity monitoring: on the detectors list a searched address is added to it, not opened", async () => {
    const page = await home();
    await page.goto(`${server.baseUrl}/triage/detectors`);
    await page.getByTestId("detectors-monitoring-hint").waitFor();
    await page.locator("body").focus();
    await page.keyboard.press("/");
    await page.keyboard.type(ethereum);
    const list = page.locator("[data-search-settled='true']");
    await list.waitFor();
    await page.keyboard.press("Enter");
    await page.getByTestId("detectors").waitFor();
    const token = await server.tokenFor(server.demo.user.email);
    const client = server.client({ token, organizationUuid: server.demo.organization.uuid });
    await expect
      .poll(async () => (await client.detectors.list()).map((detector) => detector.addressUrn))
      .toContainEqual(expect.stringContaining(ethereum));
    expect(new URL(page.url()).pathname).toBe("/triage/detectors");
    await page.screenshot({ path: "/tmp/imageui-monitoring.png" });
  });
});
