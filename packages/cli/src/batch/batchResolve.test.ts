import { ApiError, chainsOfFamily, encodeAddress } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { CliError, exitCodes } from "../errors.ts";
import { notSearchedOn, recognizeBatchInput } from "./batchRecognition.ts";
import {
  type BatchDetails,
  type BatchLookup,
  type LookupAnswer,
  notFound,
  resolveSlice,
} from "./batchResolve.ts";
import type { BatchSlice } from "./batchSlices.ts";
import { RateGate } from "./rateGate.ts";

const payload = (seed: number) => Uint8Array.from({ length: 20 }, (_, i) => (seed * 13 + i * 5) & 0xff);
const evm = (seed: number) => encodeAddress("ethereum", "evm", payload(seed)).toLowerCase();
const btc = (seed: number) => encodeAddress("bitcoin", "p2wpkh", payload(seed));
const urn = (chain: string, address: string) => `urn:sleuth:address:${chain}:${address}`;
const evmChainIds = chainsOfFamily("evm").map((chain) => chain.id);

function sliceOf(...texts: string[]): BatchSlice {
  return {
    index: 0,
    entries: texts.map((text, index) => ({
      input: { text, line: index + 1 },
      recognition: recognizeBatchInput(text),
    })),
  };
}

/** A lookup over a fixed table of what the store knows. */
function tableLookup(
  name: string,
  known: Record<string, BatchDetails>,
  kind: BatchLookup["kind"] = "address",
): BatchLookup {
  return {
    name,
    kind,
    run: async (urns) => ({
      found: new Map(urns.flatMap((u) => (known[u] ? [[u, known[u]] as const] : []))),
      failed: [],
    }),
  };
}

/** The gate's clock: its waits move it on instead of waiting. */
const clock = { now: 0 };
const gate = () =>
  new RateGate({
    now: () => clock.now,
    sleep: async (ms) => {
      clock.now += ms;
    },
  });

const options = (lookups: BatchLookup[], retries = 1) => ({
  lookups,
  retries,
  retryDelayMs: () => 0,
  signal: new AbortController().signal,
  gate: gate(),
  maxRateLimited: 3,
});

describe("000 §7 batch rows", () => {
  test("known, unknown and invalid inputs each get their row, in input order, with metrics and risk merged", async () => {
    const known = btc(1);
    const metrics = tableLookup("address metrics", {
      [urn("bitcoin", known)]: {
        balanceAmountUsd: 12.5,
        totalVolumeUsd: 900,
        firstActiveDate: "2024-01-02T00:00:00.000Z",
        lastActiveDate: "2025-06-01T00:00:00.000Z",
      },
    });
    const risk = tableLookup("address risk", { [urn("bitcoin", known)]: { categoryRiskScoreLevel: 12 } });
    const attribution = tableLookup("address attribution", {
      [urn("bitcoin", known)]: { entity: "Hydra Market", category: "Darknet Market" },
    });
    const rows = await resolveSlice(
      sliceOf("not-an-address", known, btc(2)),
      options([metrics, risk, attribution]),
    );
    expect(rows.map((row) => [row.input, row.status])).toEqual([
      ["not-an-address", "invalid"],
      [known, "resolved"],
      [btc(2), "unknown"],
    ]);
    expect(rows[1]).toEqual({
      input: known,
      kind: "address",
      chain: "bitcoin",
      urn: urn("bitcoin", known),
      entity: "Hydra Market",
      category: "Darknet Market",
      categoryRiskScoreLevel: 12,
      riskLabel: "High",
      balanceAmountUsd: 12.5,
      totalVolumeUsd: 900,
      firstActiveDate: "2024-01-02T00:00:00.000Z",
      lastActiveDate: "2025-06-01T00:00:00.000Z",
      status: "resolved",
      error: null,
    });
    expect(rows[2]).toMatchObject({
      kind: "address",
      chain: "bitcoin",
      urn: urn("bitcoin", btc(2)),
      error: notFound,
    });
  });

  test("an address valid on several chains gets a row per chain it is known on", async () => {
    const address = evm(3);
    const metrics = tableLookup("address metrics", {
      [urn("ethereum", address)]: { totalVolumeUsd: 1 },
      [urn("bsc", address)]: { totalVolumeUsd: 2 },
    });
    const rows = await resolveSlice(sliceOf(address), options([metrics]));
    expect(rows.map((row) => [row.chain, row.totalVolumeUsd, row.status])).toEqual([
      ["ethereum", 1, "resolved"],
      ["bsc", 2, "resolved"],
    ]);
  });

  test("000 §7 the other lookups of a kind are asked only about what its first lookup knows", async () => {
    const address = evm(9);
    const metrics = tableLookup("address metrics", { [urn("polygon", address)]: { totalVolumeUsd: 3 } });
    const asked: string[][] = [];
    const risk: BatchLookup = {
      name: "address risk",
      kind: "address",
      run: async (urns) => {
        asked.push([...urns]);
        return { found: new Map([[urn("polygon", address), { categoryRiskScoreLevel: 4 }]]), failed: [] };
      },
    };
    const rows = await resolveSlice(sliceOf(address, evm(10)), options([metrics, risk]));
    expect(asked).toEqual([[urn("polygon", address)]]);
    expect(rows.map((row) => [row.input, row.chain, row.totalVolumeUsd, row.riskLabel, row.status])).toEqual([
      [address, "polygon", 3, "Low", "resolved"],
      [evm(10), null, null, null, "unknown"],
    ]);
  });

  test("…and one unknown row naming every chain it was looked up on when none knows it", async () => {
    const rows = await resolveSlice(sliceOf(evm(4)), options([tableLookup("address metrics", {})]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "address", chain: null, urn: null, status: "unknown" });
    expect(rows[0]?.error).toMatch(/^not found on ethereum, polygon, bsc, /);
  });

  test("000 §5 an address valid only on chains the server excludes gets an unknown row and no lookup", async () => {
    const asked: string[] = [];
    const metrics: BatchLookup = {
      name: "address metrics",
      kind: "address",
      run: async (urns) => {
        asked.push(...urns);
        return { found: new Map(), failed: [] };
      },
    };
    const text = evm(11);
    const recognition = recognizeBatchInput(text, { excludedChains: evmChainIds });
    const slice: BatchSlice = { index: 0, entries: [{ input: { text, line: 1 }, recognition }] };
    const rows = await resolveSlice(slice, options([metrics]));
    expect(asked).toEqual([]);
    expect(rows).toMatchObject([
      { input: text, kind: "address", chain: null, status: "unknown", error: notSearchedOn(evmChainIds) },
    ]);
  });

  test("an unsuccessful batch is retried, then its rows are reported failed and the others still resolve", async () => {
    const known = btc(5);
    let calls = 0;
    const flaky: BatchLookup = {
      name: "address risk",
      kind: "address",
      run: async (urns): Promise<LookupAnswer> => {
        calls += 1;
        return {
          found: new Map(),
          failed: [{ urns, error: new ApiError({ status: 503, code: "unavailable", message: "Busy" }) }],
        };
      },
    };
    const metrics = tableLookup("address metrics", { [urn("bitcoin", known)]: { totalVolumeUsd: 5 } });
    const rows = await resolveSlice(sliceOf(known), options([metrics, flaky], 2));
    expect(calls).toBe(3);
    expect(rows[0]).toMatchObject({
      status: "failed",
      totalVolumeUsd: 5,
      error: "address risk failed: Busy (unavailable)",
    });
  });

  test("a batch that fails once and then answers resolves", async () => {
    const known = btc(6);
    let calls = 0;
    const recovering: BatchLookup = {
      name: "address metrics",
      kind: "address",
      run: async (urns): Promise<LookupAnswer> => {
        calls += 1;
        if (calls === 1) return { found: new Map(), failed: [{ urns, error: new Error("socket hang up") }] };
        return { found: new Map([[urn("bitcoin", known), { totalVolumeUsd: 7 }]]), failed: [] };
      },
    };
    const rows = await resolveSlice(sliceOf(known), options([recovering]));
    expect(rows[0]).toMatchObject({ status: "resolved", totalVolumeUsd: 7, error: null });
  });

  test("000 §7 a rate-limited batch waits as long as the server asked and is sent again without using up its retries", async () => {
    const known = btc(8);
    const sentAt: number[] = [];
    let calls = 0;
    const limited: BatchLookup = {
      name: "address metrics",
      kind: "address",
      run: async (urns): Promise<LookupAnswer> => {
        calls += 1;
        sentAt.push(clock.now);
        if (calls <= 2) {
          const error = new ApiError({
            status: 429,
            code: "rate_limited",
            message: "Too many requests",
            retryAfterMs: 1500,
          });
          return { found: new Map(), failed: [{ urns, error }] };
        }
        return { found: new Map([[urn("bitcoin", known), { totalVolumeUsd: 8 }]]), failed: [] };
      },
    };
    const rows = await resolveSlice(sliceOf(known), options([limited], 0));
    expect(calls).toBe(3);
    expect(sentAt.map((at) => at - sentAt[0]!)).toEqual([0, 1500, 3000]);
    expect(rows[0]).toMatchObject({ status: "resolved", totalVolumeUsd: 8 });
  });

  test("a token the server rejects stops the run with exit code 4", async () => {
    const rejected: BatchLookup = {
      name: "address metrics",
      kind: "address",
      run: async (urns) => ({
        found: new Map(),
        failed: [{ urns, error: new ApiError({ status: 401, code: "unauthenticated", message: "No" }) }],
      }),
    };
    const resolving = resolveSlice(sliceOf(btc(7)), options([rejected]));
    await expect(resolving).rejects.toBeInstanceOf(CliError);
    await expect(resolveSlice(sliceOf(btc(7)), options([rejected]))).rejects.toMatchObject({
      exitCode: exitCodes.authRequired,
    });
  });

  test("a level-0 risk has no label; entities take their own kind", async () => {
    const entity = "urn:sleuth:entity:coinbase";
    const rows = await resolveSlice(
      sliceOf(entity),
      options([
        tableLookup("entity risk", { [entity]: { categoryRiskScoreLevel: 0, entity: "Coinbase" } }, "entity"),
      ]),
    );
    expect(rows[0]).toMatchObject({
      kind: "entity",
      chain: null,
      urn: entity,
      entity: "Coinbase",
      categoryRiskScoreLevel: 0,
      riskLabel: null,
      status: "resolved",
    });
  });
});
