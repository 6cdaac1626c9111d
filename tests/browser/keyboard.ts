import type { APIResponse, BrowserContext, Locator, Page } from "playwright";
import { expect } from "vitest";

// What every keyboard-only browser test does: check where the focus is, move it with Tab, sign in
// (through the server's sign-in routes; the sign-in screen has its own tests in console.test.ts).

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

export async function expectFocused(locator: Locator): Promise<void> {
  await expect.poll(() => isFocused(locator), { timeout: 5000 }).toBe(true);
}

/** Tabs forward until `locator` has the focus, as a keyboard user would. */
export async function tabTo(page: Page, locator: Locator, limit = 20): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${locator}`);
}

/**
 * Playwright turns on file chooser interception only when a page is first listened to for choosers,
 * and without waiting for Chromium to confirm it: a key pressed right after `waitForEvent("filechooser")`
 * can open a chooser nobody intercepts, and the wait times out. Listening from the page's start
 * leaves interception on for its whole life.
 */
export function interceptFileChoosers(page: Page): void {
  page.on("filechooser", () => {});
}

/**
 * Signs in as the demo user in `context` through the server's demo route (POST /auth/demo-login, what
 * "Continue as demo user" calls), so the session cookie lands in the context, and opens `path` in a
 * fresh page; for the home page it waits for its heading. The sign-in screen itself is driven by
 * the keyboard in console.test.ts: loading it before every test here only spent a page load.
 */
export async function signInAsDemo(context: BrowserContext, baseUrl: string, path = "/"): Promise<Page> {
  return openSignedIn(context, baseUrl, path, await context.request.post(`${baseUrl}/auth/demo-login`));
}

/** Signs in as `account` through POST /auth/login in `context`, as signInAsDemo does for the demo user. */
export async function signInAs(
  context: BrowserContext,
  baseUrl: string,
  account: { email: string; password: string },
  path = "/",
): Promise<Page> {
  const answer = await context.request.post(`${baseUrl}/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  return openSignedIn(context, baseUrl, path, answer);
}

async function openSignedIn(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  answer: APIResponse,
): Promise<Page> {
  if (!answer.ok()) throw new Error(`sign-in refused: ${answer.status()} ${await answer.text()}`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  if (path === "/") await page.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
  return page;
}
