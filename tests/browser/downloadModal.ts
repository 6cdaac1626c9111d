import type { Locator, Page } from "playwright";
import { expect } from "vitest";
import { tabTo } from "./keyboard.ts";

// The Download CSV modal (001 §2, §4) as a keyboard user drives it, for every browser file that
// downloads a table.

/** Shift+D on a table: the Download CSV modal over its rows, once it has counted them. */
export async function openDownloadModal(page: Page): Promise<Locator> {
  await page.keyboard.press("Shift+D");
  const dialog = page.getByRole("dialog", { name: "Download CSV" });
  await dialog.waitFor();
  // "All rows" is there at once; the count is in once "Counting rows…" has gone.
  await expect.poll(() => dialog.getByText("Counting rows…").count()).toBe(0);
  return dialog;
}

/** "A range of rows" (arrow keys in the radio group), then its first and last row typed in. */
export async function chooseRowRange(
  page: Page,
  dialog: Locator,
  first: number,
  last: number,
): Promise<void> {
  await tabTo(page, dialog.getByRole("radio", { name: "All rows" }));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await page.keyboard.type(String(first));
  await page.keyboard.press("Tab");
  await page.keyboard.type(String(last));
  await expect
    .poll(() => dialog.getByTestId("download-plan").textContent())
    .toMatch(new RegExp(`^${last - first + 1} rows · direct download`));
}
