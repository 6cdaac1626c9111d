import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright";

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
