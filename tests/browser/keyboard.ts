import type { BrowserContext, Locator, Page } from "playwright";
import { expect } from "vitest";

// What every keyboard-only browser test does: check where the focus is, move it with Tab, sign in.

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

/** Signs in as the demo user with the keyboard in a fresh page of `context`; waits for the home page. */
export async function signInAsDemo(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(baseUrl);
  const demo = page.getByRole("button", { name: "Continue as demo user" });
  await expectFocused(demo);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
  return page;
}
