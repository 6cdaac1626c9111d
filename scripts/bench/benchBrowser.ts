import type { launchChromium } from "../../tests/browser/chromium.ts";

// The scripts folder declares no dependencies: playwright's types come through the tests' launcher.
type Browser = Awaited<ReturnType<typeof launchChromium>>;
type BrowserContext = Awaited<ReturnType<Browser["newContext"]>>;
type Page = Awaited<ReturnType<BrowserContext["newPage"]>>;

/**
 * A fresh browser context (an empty query cache) signed in as the demo user on the console at
 * `baseUrl`, on its home page. The tests' signInAsDemo asserts with vitest's expect, which a
 * benchmark outside vitest cannot use.
 */
export async function signedInDemoPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole("button", { name: "Continue as demo user" }).click();
  await page.getByRole("heading", { level: 1, name: /^Welcome/ }).waitFor();
  return { context, page };
}
