import { PassThrough } from "node:stream";
import { expect, test } from "vitest";
import { writeJson, writeNdjson } from "./json.ts";

function collect() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { stream, text: () => text };
}

test("--json writes one parseable document ending in a newline", () => {
  const out = collect();
  writeJson(out.stream, { user: { email: "demo@sleuth.example" }, role: "admin" });
  expect(out.text().endsWith("\n")).toBe(true);
  expect(JSON.parse(out.text())).toEqual({ user: { email: "demo@sleuth.example" }, role: "admin" });
});

test("NDJSON writes one compact value per line", () => {
  const out = collect();
  writeNdjson(out.stream, [{ a: 1 }, { a: "x\ny" }]);
  const lines = out.text().trimEnd().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines.map((line) => JSON.parse(line))).toEqual([{ a: 1 }, { a: "x\ny" }]);
});
