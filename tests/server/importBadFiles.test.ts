import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { errorEnvelopeSchema, type ImportFormat, importResultSchema } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { tableCounts } from "../helpers/storeCounts.ts";

// Issue 41 "Bad input": every importer gets a truncated, a wrongly formatted, a wrongly encoded
// (UTF-16, binary), a very long-lined and an empty file: a clear 400 naming the line, and nothing
// written.

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../packages/server/fixtures/${path}`, import.meta.url)), "utf8");

/** A good file of each format, to damage. */
const goodFiles: Record<ImportFormat, { text: string; contentType: string; query?: string }> = {
  "graphsense-tagpack": { text: fixture("graphsense/packs/lazarus.yaml"), contentType: "application/yaml" },
  "graphsense-actorpack": {
    text: fixture("graphsense/actors/graphsense.actorpack.yaml"),
    contentType: "application/yaml",
  },
  "ethereum-etl": {
    text: fixture("ethereum-etl/transactions_17173049_first40.csv"),
    contentType: "text/csv",
  },
  "bitcoin-etl": {
    text: fixture("bitcoin-etl/bitcoin_stream_50001_50002.transactions.jsonl"),
    contentType: "application/x-ndjson",
  },
  "ofac-sdn": { text: fixture("ofac-sdn/sanctioned_addresses.csv"), contentType: "text/csv" },
  "address-labels": { text: fixture("sleuth/address-labels.csv"), contentType: "text/csv" },
  cryptoscamdb: { text: fixture("sleuth/scam-reports.yaml"), contentType: "application/yaml" },
  "token-list": { text: fixture("token-lists/metamask.tokenlist.json"), contentType: "application/json" },
  prices: { text: fixture("sleuth/prices/prices.csv"), contentType: "text/csv" },
};

function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
}

const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));

/** The bad versions of a good file. */
function badFiles(text: string): Array<[string, string | Buffer]> {
  const lines = text.split("\n");
  return [
    ["empty", ""],
    ["truncated mid-record", text.slice(0, Math.floor(text.length * 0.6))],
    ["wrongly formatted", "this is not the file you are looking for\n<html><body>404</body></html>\n"],
    ["UTF-16", utf16(text)],
    ["binary", binary],
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
      // A truncated file that still parses (YAML cut between records) imports the records it holds.
    },
  );
});
