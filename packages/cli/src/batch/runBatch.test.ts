import { PassThrough } from "node:stream";
import { encodeAddress } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import type { InputLine } from "./batchInput.ts";
import { batchSliceLimits } from "./batchLookups.ts";
import type { BatchLookup, LookupAnswer } from "./batchResolve.ts";
import { batchRowSchema } from "./batchRow.ts";
import { createRowWriter } from "./batchWriters.ts";
import { runBatch } from "./runBatch.ts";

const address = (index: number) =>
  encodeAddress(
    "bitcoin",
    "p2wpkh",
    Uint8Array.from({ length: 20 }, (_, i) => (i < 4 ? (index >> (i * 8)) & 0xff : (index * 7 + i) & 0xff)),
  );

/** Inputs in chunks, counting how many lines were read. */
function input(texts: () => Iterable<string>, chunkSize = 1000) {
  const state = { read: 0 };
  async function* chunks(): AsyncGenerator<InputLine[]> {
    let chunk: InputLine[] = [];
    for (const text of texts()) {
      state.read += 1;
      chunk.push({ text, line: state.read });
      if (chunk.length === chunkSize) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }
  return { chunks: chunks(), state };
}

function collect() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return { stream, text: () => text };
}

/** Knows the addresses ending in an even character code; answers after a random pause, so slices finish out of order. */
const evenAddresses: BatchLookup = {
  name: "address metrics",
  kind: "address",
  run: async (urns): Promise<LookupAnswer> => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    const found = new Map(
      urns
        .filter((urn) => urn.charCodeAt(urn.length - 1) % 2 === 0)
        .map((urn) => [urn, { totalVolumeUsd: urn.length }]),
    );
    return { found, failed: [] };
  },
};

describe("000 §7 sleuth batch, end to end without a terminal", () => {
  test("rows come out in input order across many slices resolved out of order", async () => {
    const texts = Array.from({ length: 5000 }, (_, i) => (i % 97 === 0 ? `junk-${i}` : address(i)));
    const out = collect();
    const summary = await runBatch({
      input: input(() => texts).chunks,
      lookups: [evenAddresses],
      limits: batchSliceLimits,
      writer: createRowWriter("ndjson", out.stream),
      concurrency: 4,
      retries: 0,
      signal: new AbortController().signal,
    });
    const rows = out
      .text()
      .trimEnd()
      .split("\n")
      .map((line) => batchRowSchema.parse(JSON.parse(line)));
    expect(rows.map((row) => row.input)).toEqual(texts);
    expect(summary.inputs).toBe(5000);
    expect(summary.rows).toBe(5000);
    expect(summary.counts.invalid).toBe(texts.filter((text) => text.startsWith("junk")).length);
    expect(summary.counts.resolved + summary.counts.unknown + summary.counts.invalid).toBe(5000);
    expect(summary.lastLine).toBe(5000);
  });

  test("memory is bounded: while the first requests hang, only the window's inputs are read", async () => {
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blocked: BatchLookup = {
      ...evenAddresses,
      run: async (urns) => {
        await hanging;
        return evenAddresses.run(urns, new AbortController().signal);
      },
    };
    function* endless() {
      for (let i = 0; i < 1_000_000; i++) yield address(i);
    }
    const source = input(endless);
    const out = collect();
    const controller = new AbortController();
    const running = runBatch({
      input: source.chunks,
      lookups: [blocked],
      limits: batchSliceLimits,
      writer: createRowWriter("json", out.stream),
      concurrency: 3,
      retries: 0,
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Three slices in flight, and at most a chunk and a slice more read ahead.
    const slice = batchSliceLimits.address;
    expect(source.state.read).toBeLessThanOrEqual(3 * slice + 1000 + slice);
    controller.abort();
    release();
    const summary = await running;
    expect(summary.cancelled).toBe(true);
    // Ctrl-C closes the output: what was written is a complete JSON document.
    expect(Array.isArray(JSON.parse(out.text()))).toBe(true);
  });
});
