import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { imageUploadMessages } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { drawPng } from "../helpers/imageFixtures.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let env: Record<string, string>;
let cli: CliSandbox;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  cli = await createCliSandbox();
});
afterEach(async () => {
  await cli.remove();
});

describe("002 §4 sleuth scan", () => {
  test("002 §4 prints the identifiers of a screenshot one a line, the QR code's included", async () => {
    const png = drawPng({
      width: 900,
      height: 300,
      texts: [{ text: "Deposit 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe", x: 20, y: 60 }],
      qrCodes: [{ payload: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", x: 650, y: 120 }],
    });
    await writeFile(join(cli.dir, "shot.png"), png);
    const result = await cli.runProcess(["scan", "shot.png"], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae\nTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\n",
    );
  }, 120_000);

  test("issue 42 scan says how each identifier was read: on stderr when piped, in --json", async () => {
    const png = drawPng({
      width: 700,
      height: 260,
      texts: [{ text: "Payment reference", x: 20, y: 40 }],
      qrCodes: [{ payload: "litecoin:LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb?amount=2", x: 380, y: 60 }],
    });
    await writeFile(join(cli.dir, "pay.png"), png);
    const plain = await cli.run(["scan", "pay.png"], { env });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe("LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb\n");
    expect(plain.stderr).toContain("LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb: QR code, exact");
    const json = await cli.run(["scan", "pay.png", "--json"], { env });
    expect(JSON.parse(json.stdout)).toEqual({
      image: "pay.png",
      identifiers: ["LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb"],
      reads: [
        {
          identifier: "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb",
          source: "qr",
          reading: "exact",
          checksummed: true,
        },
      ],
    });
  }, 120_000);

  test("002 §4 an image without identifiers prints nothing and says so on stderr", async () => {
    await writeFile(
      join(cli.dir, "empty.png"),
      drawPng({ width: 400, height: 100, texts: [{ text: "hello there", x: 20, y: 50 }] }),
    );
    const result = await cli.run(["scan", "empty.png"], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(imageUploadMessages.noIdentifiersFound);
  }, 120_000);

  test("002 §5 a file of another type is refused before any upload, with the invalid-type text", async () => {
    await writeFile(join(cli.dir, "anim.gif"), "GIF89a");
    const result = await cli.run(["scan", "anim.gif"], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(imageUploadMessages.invalidFileType);
  });
});
