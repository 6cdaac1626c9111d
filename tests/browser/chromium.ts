import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright";

export const chromiumPath = "/usr/bin/chromium";

/** The machine's Chromium, headless; tests never download a browser of their own. */
export async function launchChromium(): Promise<Browser> {
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
    ],
  });
}
