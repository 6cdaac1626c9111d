import { bulkBatchSizes } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import type { InputLine } from "./batchInput.ts";
import type { BatchCandidate, BatchRecognition } from "./batchRecognition.ts";
import { type BatchSlice, type SliceLimits, sliceInputs } from "./batchSlices.ts";

const limits: SliceLimits = {
  address: bulkBatchSizes.addresses,
  entity: bulkBatchSizes.entities,
  "custom-entity": bulkBatchSizes.customEntities,
  transaction: 100,
  inet: 20,
};

/** Test inputs say what they are: "a:…" an address on one chain, "e:…" an entity, "m:…" an address on 3 chains. */
function recognize(text: string): BatchRecognition {
  const [kind, id] = text.split(":");
  const candidate = (chain: string | null, candidateKind: BatchCandidate["kind"]): BatchCandidate => ({
    kind: candidateKind,
    chain: chain as BatchCandidate["chain"],
    urn: `${chain ?? candidateKind}:${id}`,
  });
  if (kind === "a") return { type: "lookup", candidates: [candidate("bitcoin", "address")] };
  if (kind === "m")
    return {
      type: "lookup",
      candidates: [
        candidate("ethereum", "address"),
        candidate("polygon", "address"),
        candidate("bsc", "address"),
      ],
    };
  if (kind === "e") return { type: "lookup", candidates: [candidate(null, "entity")] };
  return { type: "invalid", reason: "no" };
}

async function* chunksOf(texts: readonly string[], size: number): AsyncGenerator<InputLine[]> {
  for (let start = 0; start < texts.length; start += size)
    yield texts.slice(start, start + size).map((text, index) => ({ text, line: start + index + 1 }));
}

async function slicesOf(texts: readonly string[], chunkSize = 500): Promise<BatchSlice[]> {
  const slices: BatchSlice[] = [];
  for await (const slice of sliceInputs(chunksOf(texts, chunkSize), {
    limits,
    maxEntries: 1000,
    flushAfterMs: 1000,
    recognize,
  }))
    slices.push(slice);
  return slices;
}

const texts = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}:${i}`);

describe("000 §7 / §9 bulk batch sizes decide the slices", () => {
  test("addresses go 900 to a slice, the rest in the next, input order kept", async () => {
    const input = texts("a", 2000);
    const slices = await slicesOf(input);
    expect(slices.map((slice) => slice.entries.length)).toEqual([900, 900, 200]);
    expect(slices.map((slice) => slice.index)).toEqual([0, 1, 2]);
    expect(slices.flatMap((slice) => slice.entries.map((entry) => entry.input.text))).toEqual(input);
  });

  test("entities go 20 to a slice", async () => {
    const slices = await slicesOf(texts("e", 45));
    expect(slices.map((slice) => slice.entries.length)).toEqual([20, 20, 5]);
  });

  test("an address valid on three chains counts three URNs, and never straddles two slices", async () => {
    const slices = await slicesOf(texts("m", 301));
    expect(slices.map((slice) => slice.entries.length)).toEqual([300, 1]);
  });

  test("a slice closes on whichever kind is full first; invalid inputs cost no URN", async () => {
    const input = [...texts("e", 20), "x:1", ...texts("a", 5), "e:last"];
    const slices = await slicesOf(input);
    expect(slices.map((slice) => slice.entries.length)).toEqual([26, 1]);
    expect(slices[1]?.entries[0]?.input.text).toBe("e:last");
  });
});

test("a pause in the input sends what was read so far instead of waiting for a full slice", async () => {
  let release: () => void = () => {};
  const paused = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* slowInput(): AsyncGenerator<InputLine[]> {
    yield [{ text: "a:1", line: 1 }];
    await paused;
    yield [{ text: "a:2", line: 2 }];
  }
  const slices = sliceInputs(slowInput(), { limits, maxEntries: 1000, flushAfterMs: 20, recognize });
  const first = await slices.next();
  expect((first.value as BatchSlice).entries.map((entry) => entry.input.text)).toEqual(["a:1"]);
  release();
  const second = await slices.next();
  expect((second.value as BatchSlice).entries.map((entry) => entry.input.text)).toEqual(["a:2"]);
  expect((await slices.next()).done).toBe(true);
});
