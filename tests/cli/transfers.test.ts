import { readFileSync } from "node:fs";
import type { TransferRow } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  busiestSampleAddress,
  ethereumEtlSampleFiles as files,
  ethereumEtlFixtureDir as fixtureDir,
  zeroAddress,
} from "../helpers/ethereumEtlSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 27 "Done when": the real ethereum-etl sample imported with `sleuth import`; `sleuth
// transfers` of its busiest address lists exactly the transfers an independent reading of the
// files gives, newest first, with a running balance per asset that ends at their net sum.

interface Movement {
  hash: string;
  /** "native" or the token contract. */
  asset: string;
  direction: "incoming" | "outgoing";
  raw: bigint;
  counterparty: string | null;
}

/**
 * The files read as docs/IMPORTERS.md describes ethereum-etl: a successful transaction with value
 * moves ether from sender to recipient; a token transfer moves its token, the zero address being
 * nobody (a mint has no sender, a burn no recipient); nothing moves without value or from an
 * address to itself.
 */
function movementsOf(address: string): Movement[] {
  const movements: Movement[] = [];
  const add = (hash: string, asset: string, from: string | null, to: string | null, raw: bigint) => {
    // Nothing moves in a zero-value transfer or one from an address to itself.
    if (raw === 0n || from === to) return;
    if (from === address) movements.push({ hash, asset, direction: "outgoing", raw, counterparty: to });
    if (to === address) movements.push({ hash, asset, direction: "incoming", raw, counterparty: from });
  };
  for (const file of files) {
    for (const line of readFileSync(`${fixtureDir}${file}`, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      // Values reach uint256: read them from the text, never through a float.
      const raw = BigInt(/"value": ?"?([0-9]+)/.exec(line)?.[1] ?? "0");
      const record = JSON.parse(line) as Record<string, string | number | null>;
      const nobody = (value: unknown) => (value === zeroAddress || !value ? null : String(value));
      if (record.type === "transaction" && record.receipt_status !== 0)
        add(
          String(record.hash),
          "native",
          nobody(record.from_address),
          nobody(record.to_address ?? record.receipt_contract_address),
          raw,
        );
      if (record.type === "token_transfer")
        add(
          String(record.transaction_hash),
          String(record.token_address),
          nobody(record.from_address),
          nobody(record.to_address),
          raw,
        );
    }
  }
  return movements;
}

/** A whole-unit decimal string back to raw units. */
function rawOf(units: string, decimals: number): bigint {
  const negative = units.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? units.slice(1) : units).split(".");
  const value = BigInt(whole + fraction.padEnd(decimals, "0"));
  return negative ? -value : value;
}

describe("issue 27 sleuth transfers over the imported ethereum-etl sample", () => {
  let server: TestServer;
  let cli: CliSandbox;
  let env: Record<string, string>;
  let busiest: string;
  let rows: TransferRow[];
  let decimals: Map<string, number>;

  beforeAll(async () => {
    server = await startTestServer({ store: "pglite" });
    env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
    cli = await createCliSandbox();
    for (const file of files) {
      const imported = await cli.run(["import", "ethereum-etl", `${fixtureDir}${file}`], { env });
      expect(imported.code, imported.stderr).toBe(0);
    }
    busiest = busiestSampleAddress();
    const listed = await cli.runProcess(["transfers", busiest, "--chain", "eth", "--format", "ndjson"], {
      env,
    });
    expect(listed.code, listed.stderr).toBe(0);
    rows = listed.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as TransferRow);
    const assets = await server.store.query<{ urn: string; decimals: number }>(
      "SELECT urn, decimals FROM assets",
    );
    decimals = new Map(assets.map((asset) => [asset.urn, asset.decimals]));
  }, 180_000);
  afterAll(async () => {
    await cli?.remove();
    await server?.close();
  });

  test("001 §3 it lists exactly the file's transfers of the address, newest first", () => {
    const expected = movementsOf(busiest);
    expect(expected.length).toBeGreaterThan(10);
    const seen = rows.map((row) => {
      const asset = row.assetUrn.split(":").at(-1)!;
      return {
        hash: row.transactionUrn.split(":").at(-1)!,
        asset,
        direction: row.direction,
        raw: rawOf(row.relevantAmountRaw, decimals.get(row.assetUrn)!),
        counterparty: row.counterpartyAddressChainUrns[0]?.split(":").at(-1) ?? null,
      };
    });
    const signed = (movement: Movement) => ({
      ...movement,
      raw: movement.direction === "outgoing" ? -movement.raw : movement.raw,
    });
    const order = (a: Movement, b: Movement) =>
      `${a.hash}${a.asset}${a.direction}${a.raw}`.localeCompare(`${b.hash}${b.asset}${b.direction}${b.raw}`);
    expect([...seen].sort(order)).toEqual(expected.map(signed).sort(order));
    const times = rows.map((row) => row.transactionTimestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  test("001 §3 the running balance of each asset steps by each amount and ends at their net sum", () => {
    const byAsset = new Map<string, TransferRow[]>();
    for (const row of rows) byAsset.set(row.assetUrn, [...(byAsset.get(row.assetUrn) ?? []), row]);
    for (const [asset, assetRows] of byAsset) {
      const places = decimals.get(asset)!;
      const oldestFirst = [...assetRows].reverse();
      let balance = 0n;
      for (const row of oldestFirst) {
        balance += rawOf(row.relevantAmountRaw, places);
        expect(rawOf(row.runningBalanceRaw!, places), `${asset} ${row.transactionUrn}`).toBe(balance);
      }
      const net = movementsOf(busiest)
        .filter((movement) => asset.endsWith(`:${movement.asset}`))
        .reduce(
          (sum, movement) => sum + (movement.direction === "outgoing" ? -movement.raw : movement.raw),
          0n,
        );
      expect(rawOf(assetRows[0]!.runningBalanceRaw!, places)).toBe(net);
    }
  });

  test("issue 27 CSV is the default; --direction, --limit and --jump-to narrow it", async () => {
    const csv = await cli.run(["transfers", `urn:sleuth:address:ethereum:${busiest}`, "--limit", "3"], {
      env,
    });
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split("\r\n");
    expect(lines[0]).toMatch(/^transactionTimestamp,transactionUrn,counterpartyAddressChainUrns,/);
    expect(lines).toHaveLength(4);

    const out = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--direction", "out", "--format", "json"],
      { env },
    );
    const outgoing = JSON.parse(out.stdout) as TransferRow[];
    expect(outgoing.map((row) => row.relevantAmountRaw)).toEqual(
      rows.filter((row) => row.direction === "outgoing").map((row) => row.relevantAmountRaw),
    );

    const target = rows.at(-2)!;
    const hash = target.transactionUrn.split(":").at(-1)!;
    const jumped = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--jump-to", hash, "--format", "ndjson"],
      { env },
    );
    expect(jumped.code, jumped.stderr).toBe(0);
    const first = JSON.parse(jumped.stdout.split("\n")[0]!) as TransferRow;
    expect(first.transactionUrn).toBe(target.transactionUrn);

    const unknown = await cli.run(["transfers", "not-an-address"], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(/not an address/);
  });

  test("issue 39 --counterparty prints only the transfers with that counterparty", async () => {
    const key = (row: TransferRow) => `${row.transactionUrn} ${row.assetUrn} ${row.relevantAmountRaw}`;
    // The busiest address's most frequent counterparty (in this sample each may be met once), among
    // others.
    const counts = new Map<string, number>();
    for (const row of rows)
      for (const urn of row.counterpartyAddressChainUrns) counts.set(urn, (counts.get(urn) ?? 0) + 1);
    const [counterparty] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const expected = rows.filter((row) => row.counterpartyAddressChainUrns.includes(counterparty));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);

    const only = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--counterparty", counterparty, "--format", "json"],
      { env },
    );
    expect(only.code, only.stderr).toBe(0);
    const printed = JSON.parse(only.stdout) as TransferRow[];
    expect(printed.map(key)).toEqual(expected.map(key));
    for (const row of printed) expect(row.counterpartyAddressChainUrns).toContain(counterparty);

    // The CSV names that counterparty in every row and no other.
    const csv = await cli.run(["transfers", busiest, "--chain", "eth", "--counterparty", counterparty], {
      env,
    });
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(expected.length);
    for (const line of lines) expect(line).toContain(counterparty);

    const notUrn = await cli.run(["transfers", busiest, "--chain", "eth", "--counterparty", "nobody"], {
      env,
    });
    expect(notUrn.code).toBe(1);
    expect(notUrn.stdout).toBe("");
    expect(notUrn.stderr).toMatch(/--counterparty needs an address, entity or custom-entity URN/);
  });

  test("001 §7 --offset and --sort read the spec's offset form of the transfer listing", async () => {
    const key = (row: TransferRow) => `${row.transactionUrn} ${row.assetUrn} ${row.relevantAmountRaw}`;
    const paged = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--offset", "2", "--limit", "5", "--format", "json"],
      { env },
    );
    expect(paged.code, paged.stderr).toBe(0);
    expect((JSON.parse(paged.stdout) as TransferRow[]).map(key)).toEqual(rows.slice(2, 7).map(key));

    // Past the last row: nothing, and no error.
    const beyond = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--offset", String(rows.length), "--format", "json"],
      { env },
    );
    expect(beyond.code, beyond.stderr).toBe(0);
    expect(JSON.parse(beyond.stdout)).toEqual([]);

    const oldest = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--sort", "timestamp:asc", "--format", "ndjson"],
      { env },
    );
    expect(oldest.code, oldest.stderr).toBe(0);
    const ascending = oldest.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as TransferRow);
    expect(ascending.map((row) => row.transactionTimestamp)).toEqual(
      rows.map((row) => row.transactionTimestamp).reverse(),
    );
    expect(ascending.map(key).sort()).toEqual(rows.map(key).sort());

    const dearest = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--sort", "usdAmount", "--limit", "10", "--format", "json"],
      { env },
    );
    expect(dearest.code, dearest.stderr).toBe(0);
    // Unpriced rows (null) come last.
    const usd = (JSON.parse(dearest.stdout) as TransferRow[]).map((row) =>
      row.relevantAmountUsd === null ? -1 : Math.abs(row.relevantAmountUsd),
    );
    expect(usd).toHaveLength(Math.min(10, rows.length));
    expect(usd).toEqual([...usd].sort((a, b) => b - a));

    const mixed = await cli.run(
      ["transfers", busiest, "--chain", "eth", "--offset", "1", "--jump-to", "2024-01-01"],
      {
        env,
      },
    );
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(/--jump-to .*without --offset or --sort/);
    const badSort = await cli.run(["transfers", busiest, "--chain", "eth", "--sort", "amount"], { env });
    expect(badSort.code).not.toBe(0);
    expect(badSort.stderr).toMatch(/timestamp or usdAmount/);
  });
});
