import { PassThrough } from "node:stream";
import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import { type BatchRow, batchFields, batchRowSchema, emptyBatchRow } from "./batchRow.ts";
import { createRowWriter } from "./batchWriters.ts";

function collect() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return { stream, text: () => text };
}

const resolved: BatchRow = {
  ...emptyBatchRow("1BoatSLRHtKNngkdXEeobR76b53LETtpyT", "resolved", null),
  kind: "address",
  chain: "bitcoin",
  urn: "urn:sleuth:address:bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
  entity: "Acme, Inc.",
  category: "Exchange",
  categoryRiskScoreLevel: 0,
  balanceAmountUsd: -0.5,
  totalVolumeUsd: 1234.56,
  firstActiveDate: "2024-01-02T03:04:05.000Z",
  lastActiveDate: "2025-06-30T23:59:59.000Z",
};
const injected = emptyBatchRow('=HYPERLINK("http://evil.example","x")', "invalid", "not an identifier");
const plusInput = emptyBatchRow("+1 555 0100", "invalid", "@mention\nsecond line");

describe("CSV through the SDK's writer", () => {
  test("one header, then rows in order; formula-like cells neutralised, quoting per RFC 4180", async () => {
    const out = collect();
    const writer = createRowWriter("csv", out.stream);
    await writer.write([resolved]);
    await writer.write([injected, plusInput]);
    await writer.end();
    const text = out.text();
    expect(text.split("\r\n")[0]).toBe(batchFields.join(","));
    expect(text.endsWith("\r\n")).toBe(true);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;
    expect(parsed).toHaveLength(4);
    expect(parsed[1]?.[0]).toBe(resolved.input);
    expect(parsed[1]?.[batchFields.indexOf("entity")]).toBe("Acme, Inc.");
    // A number is written as it is: -0.5 is a balance, not a formula.
    expect(parsed[1]?.[batchFields.indexOf("balanceAmountUsd")]).toBe("-0.5");
    expect(parsed[2]?.[0]).toBe(`'${injected.input}`);
    expect(parsed[3]?.[0]).toBe("'+1 555 0100");
    expect(parsed[3]?.[batchFields.indexOf("error")]).toBe("'@mention\nsecond line");
  });

  test("no input still gives the header", async () => {
    const out = collect();
    const writer = createRowWriter("csv", out.stream);
    await writer.end();
    expect(out.text()).toBe(`${batchFields.join(",")}\r\n`);
  });
});

describe("JSON and NDJSON", () => {
  test("JSON is one array, streamed a slice at a time, that parses back to the rows", async () => {
    const out = collect();
    const writer = createRowWriter("json", out.stream);
    await writer.write([resolved]);
    expect(out.text().startsWith("[\n")).toBe(true);
    await writer.write([injected]);
    await writer.end();
    const rows = batchRowSchema.array().parse(JSON.parse(out.text()));
    expect(rows).toEqual([resolved, injected]);
  });

  test("JSON of no rows is an empty array", async () => {
    const out = collect();
    const writer = createRowWriter("json", out.stream);
    await writer.end();
    expect(JSON.parse(out.text())).toEqual([]);
  });

  test("NDJSON is one row per line, values as they are (no CSV neutralisation)", async () => {
    const out = collect();
    const writer = createRowWriter("ndjson", out.stream);
    await writer.write([resolved, injected]);
    await writer.end();
    const lines = out.text().trimEnd().split("\n");
    expect(lines.map((line) => batchRowSchema.parse(JSON.parse(line)))).toEqual([resolved, injected]);
  });
});

test("a slow reader makes the writer wait instead of buffering without bound", async () => {
  const stream = new PassThrough({ highWaterMark: 16 });
  const writer = createRowWriter("ndjson", stream);
  let written = false;
  const writing = writer.write([resolved]).then(() => {
    written = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(written).toBe(false);
  stream.resume();
  await writing;
  expect(written).toBe(true);
});
