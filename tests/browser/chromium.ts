import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium } from "playwright";

export const chromiumPath = "/usr/bin/chromium";

/**
 * The machine's Chromium, headless; tests never download a browser of their own. `extraArgs` add
 * switches (the fake camera of the image search test).
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Browser tests need Chromium at ${chromiumPath}; install it with \`apt-get install chromium\`.`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      ...extraArgs,
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The worker's one Chromium, launched by the first browser file that asks. The browser project runs
 * its files one after another in the same process (isolate: false), so this module and the browser
 * outlive each file; every test still works in a context of its own, which shares nothing (cookies,
 * storage, cache) with another. Playwright ends the browser with the worker's process.
 */
export function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium();
    shared = launching;
    launching.then(
      (browser) =>
        browser.on("disconnected", () => {
          if (shared === launching) shared = undefined;
        }),
      () => {
        if (shared === launching) shared = undefined;
      },
    );
  }
  return shared;
}

/**
 * Closes one context, waiting at most 15 s; false when it would not close. A context that hangs in
 * `close()` (tests/browser/customEntities.test.ts once saw one after every assertion had passed)
 * must not hold a hook past its timeout.
 */
export async function closeContext(context: BrowserContext | undefined): Promise<boolean> {
  if (!context) return true;
  const closed = context.close().then(() => true);
  const stuck = new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000).unref());
  return Promise.race([closed, stuck]);
}

/**
 * What a browser file does when it ends instead of closing Chromium: closes every context still
 * open, so no page of this file keeps polling a server that is about to go, or runs beside the next
 * file's tests. A context that will not close takes the browser with it, and the next file launches
 * another.
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const closed = await Promise.all(browser.contexts().map(closeContext));
  if (closed.includes(false)) await browser.close();
}
