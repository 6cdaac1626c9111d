import { errorEnvelopeSchema, type ImportFormat, importResultSchema } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { binaryFile, goodImportFiles as goodFiles, utf16 } from "../helpers/importFiles.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { tableCounts } from "../helpers/storeCounts.ts";

// Issue 41 "Bad input": every importer gets a truncated, a wrongly formatted, a wrongly encoded
// (UTF-16, binary), a very long-lined and an empty file: a clear 400 naming the line, and nothing
// written.

/** The bad versions of a good file. */
function badFiles(text: string): Array<[string, string | Buffer]> {
  const lines = text.split("\n");
  return [
    ["empty", ""],
    ["truncated mid-record", text.slice(0, Math.floor(text.length * 0.6))],
    ["wrongly formatted", "this is not the file you are looking for\n<html><body>404</body></html>\n"],
    ["UTF-16", utf16(text)],
    ["binary", binaryFile],
    ["a very long line", `${lines[0]}\n${"x".repeat(2_000_000)}\n${lines.slice(1).join("\n")}`],
  ];
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  token = await server.tokenFor(server.demo.user.email);
});

afterAll(async () => {
  await server?.close();
});

/** Bad files no importer may accept: a 400 naming the line (or the emptiness), or every record reported. */
const unreadable = new Set(["empty", "wrongly formatted", "UTF-16", "binary"]);

describe.each(Object.keys(goodFiles) as ImportFormat[])("issue 41 bad %s files", (format) => {
  test.each(badFiles(goodFiles[format].text))(
    `issue 41 ${format}: %s is refused naming the line, or its bad records are reported by line`,
    async (kind, body) => {
      const good = goodFiles[format];
      const before = await tableCounts(server.store);
      const response = await server.fetch(`/v1/imports/${format}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": good.contentType },
        body: typeof body === "string" ? body : new Uint8Array(body),
      });
      const answer = await response.json();
      expect([200, 400]).toContain(response.status);
      if (response.status === 400) {
        const envelope = errorEnvelopeSchema.parse(answer);
        expect(envelope.error.message).toMatch(/line \d+|empty|not valid JSON/);
        expect(await tableCounts(server.store)).toEqual(before);
        return;
      }
      // Accepted: the records it could not read are each reported with their line.
      const result = importResultSchema.parse(answer.data);
      if (unreadable.has(kind)) {
        expect(result.inserted + result.unchanged).toBe(0);
        expect(result.skipped[0]?.line).toBe(1);
        expect(await tableCounts(server.store)).toEqual(before);
      }
      if (kind === "a very long line") expect(result.skipped.map((record) => record.line)).toContain(2);
      // A truncated CSV or JSON-lines file imports the whole records it holds and reports the cut one.
    },
  );
});

// Issue 41 findings: these two answered 200 before (a cut pack imported what it held; a binary
// OFAC file answered "every line skipped").
const yamlFormats: ImportFormat[] = ["graphsense-tagpack", "graphsense-actorpack", "cryptoscamdb"];

async function expectRefused(format: ImportFormat, body: string | Buffer, message: RegExp) {
  const before = await tableCounts(server.store);
  const response = await server.fetch(`/v1/imports/${format}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": goodFiles[format].contentType },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const envelope = errorEnvelopeSchema.parse(await response.json());
  expect({ status: response.status, code: envelope.error.code }).toEqual({
    status: 400,
    code: "bad_request",
  });
  expect(envelope.error.message).toMatch(message);
  expect(await tableCounts(server.store)).toEqual(before);
}

test.each(yamlFormats)(
  "issue 41 a %s file cut mid-record is refused naming its last record's line, nothing written",
  async (format) => {
    const text = goodFiles[format].text;
    await expectRefused(format, text.slice(0, Math.floor(text.length * 0.6)), /^line \d+: .*cut short/);
  },
);

test("issue 41 a YAML pack without a final line break but whole imports (real packs end so)", async () => {
  const text = goodFiles["graphsense-tagpack"].text.trimEnd();
  const response = await server.fetch("/v1/imports/graphsense-tagpack", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/yaml" },
    body: text,
  });
  expect(response.status).toBe(200);
});

test("issue 41 a binary file given to the OFAC importer is refused as not an OFAC list, nothing written", async () => {
  await expectRefused("ofac-sdn", binaryFile, /^line 1: Not an OFAC SDN address list/);
  await expectRefused("ofac-sdn", utf16(goodFiles["ofac-sdn"].text), /^line 1: Not an OFAC SDN address list/);
  await expectRefused(
    "ofac-sdn",
    "not an address\nnor this\n",
    /^line 1: Not an OFAC SDN address list: none of its 2 lines/,
  );
});
