import { chainById } from "@sleuth/sdk";
import { test } from "vitest";
import { ensureConsoleBuilt, webDist } from "../../scripts/lib/consoleBuild.ts";
import { startTestServer } from "../helpers/server.ts";
import { launchChromium } from "./chromium.ts";
import { signInAsDemo } from "./keyboard.ts";

test("shots", async () => {
  ensureConsoleBuilt();
  const server = await startTestServer({ store: "pglite", world: "small", env: { SLEUTH_WEB_DIST: webDist } });
  const browser = await launchChromium();
  const [row] = await server.store.query<{ chain: string; address: string }>(
    `SELECT a.chain, a.address FROM (SELECT address_id, count(*) AS n FROM transfers GROUP BY address_id ORDER BY n DESC, address_id LIMIT 1) b
     JOIN addresses a ON a.id = b.address_id`,
  );
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await signInAsDemo(context, server.baseUrl);
  page.on("console", (m) => console.log("console:", m.text()));
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  const url = `${server.baseUrl}/address/${chainById(row!.chain)?.symbol}/${row!.address}`;
  await page.goto(url);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: "/tmp/shot-summary.png" });
  await page.keyboard.press("2");
  await page.waitForTimeout(3000);
  await page.screenshot({ path: "/tmp/shot-rows.png", fullPage: true });
  console.log(page.url());
  const first = () => page.getByTestId("transfers-table").locator("[data-transfer-link]").first().getAttribute("title");
  console.log("first", await first());
  await page.keyboard.press("n");
  await page.waitForTimeout(2000);
  console.log("after n", await first());
  await page.keyboard.press("?");
  await page.waitForTimeout(1000);
  await page.screenshot({ path: "/tmp/shot-help.png", fullPage: true });
  await page.keyboard.press("Escape");
  await page.keyboard.press("f");
  await page.keyboard.type("zzzzzz");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(2000);
  await page.screenshot({ path: "/tmp/shot-filtered-empty.png" });
  await page.route("**/trm-insights/v8/address/transfers", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.keyboard.press("x");
  await page.waitForTimeout(4000);
  await page.screenshot({ path: "/tmp/shot-error.png" });
  await browser.close();
  await server.close();
}, 300_000);
