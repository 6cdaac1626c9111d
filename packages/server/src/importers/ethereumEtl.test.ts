import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { csvRows } from "./csvRows.ts";
import { ethereumEtlKindOf, ethereumEtlRecord } from "./ethereumEtl.ts";
import { parseJsonExact } from "./jsonLines.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

async function csvRecords(path: string) {
  const results = [];
  for await (const row of csvRows(fixture(path)))
    results.push(ethereumEtlRecord(row.fields, "ethereum", row.line));
  return results;
}

function jsonRecords(path: string) {
  return fixture(path)
    .split("\n")
    .filter(Boolean)
    .map((line, index) =>
      ethereumEtlRecord(parseJsonExact(line) as Record<string, unknown>, "ethereum", index + 1),
    );
}

test("001 §3 transfers: the 2017 ethereum-etl transactions.csv sample reads whole, wei amounts above 2^64 exact", async () => {
  const results = await csvRecords("raphtory-ethereum/transactions_3300000_first1000.csv");
  expect(results.filter((result) => result.kind !== "ledger")).toEqual([]);
  const ledger = results.flatMap((result) => (result.kind === "ledger" ? [result.record] : []));
  expect(ledger).toHaveLength(1000);
  // Line 58: 213 ether from 0x2e7a…abcd to 0x4b73…c49a (2.13e20 wei > 2^64).
  const big = ledger.find((record) => record.line === 58)!;
  expect(big).toMatchObject({
    hash: "0xb56968c8bfeeffa0ecf2f782143d2df76198301893891cea5e8c646385669857",
    blockNumber: "3300403",
    timestamp: "2017-03-06T04:39:44.000Z",
    // A plain transfer spends exactly 21,000 gas, so its fee is known without a receipt.
    feeRaw: 21_000n * 20_000_000_000n,
  });
  expect(big.movements).toEqual([
    {
      key: "value",
      asset: "native",
      sides: [
        {
          address: "0x2e7a875c9ca02ba66b2af634b4e82c8583abcb9d",
          counterparty: "0x4b737cee2d3b4be037afc29b918856df62b9c49a",
          direction: "outgoing",
          amount: 213_000_000_000_000_000_000n,
        },
        {
          address: "0x4b737cee2d3b4be037afc29b918856df62b9c49a",
          counterparty: "0x2e7a875c9ca02ba66b2af634b4e82c8583abcb9d",
          direction: "incoming",
          amount: 213_000_000_000_000_000_000n,
        },
      ],
    },
  ]);
});

test("importers: ethereum-etl JSON lines carry receipts: the fee paid, failed transactions moving no value", () => {
  const ledger = jsonRecords("ethereum-etl/transactions_17173049.jsonl").flatMap((result) =>
    result.kind === "ledger" ? [result.record] : [],
  );
  expect(ledger).toHaveLength(116);
  const first = ledger[0]!;
  // receipt_gas_used 85,143 at receipt_effective_gas_price 80,869,370,967 wei.
  expect(first.feeRaw).toBe(85_143n * 80_869_370_967n);
  const failed = ledger.find(
    (record) => record.hash === "0x7831885ee487449f4766db92e66fa47ab8a27af0beaca3103146e68fb7b4c19a",
  )!;
  expect(failed.movements).toEqual([]);
  expect(failed.feeRaw).toBeGreaterThan(0n);
});

test("importers: ethereum-etl token transfers key each movement by log index; mints come from no one", () => {
  const results = jsonRecords("ethereum-etl/token_transfers_17173049.jsonl");
  const ledger = results.flatMap((result) => (result.kind === "ledger" ? [result.record] : []));
  expect(ledger).toHaveLength(114);
  expect(ledger[0]).toMatchObject({
    hash: "0xeb107a40ba73a50c79a9f2026e902d758d1c5e5e211f7a7db1b294f88f118dd0",
    timestamp: "2023-05-02T12:19:59.000Z",
    feeRaw: null,
    defines: "movement",
    movements: [{ key: "log:0", asset: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2" }],
  });
  expect(ledger[0]!.addresses[0]).toMatchObject({ type: "smart_contract", certain: true });
  const mint = ethereumEtlRecord(
    {
      token_address: "0xdac17f958d2ee523a2206206994597c13d831ec7",
      from_address: "0x0000000000000000000000000000000000000000",
      to_address: "0x28c6c06298d514db089934071355e5743bf21d60",
      value: "1000000",
      transaction_hash: `0x${"ab".repeat(32)}`,
      log_index: "3",
      block_number: "17173049",
    },
    "ethereum",
    2,
  );
  expect(mint.kind === "ledger" && mint.record.movements[0]!.sides).toEqual([
    {
      address: "0x28c6c06298d514db089934071355e5743bf21d60",
      counterparty: null,
      direction: "incoming",
      amount: 1_000_000n,
    },
  ]);
});

test("importers: ethereum-etl rows that cannot be exact are skipped with the reason", () => {
  const row = {
    hash: `0x${"01".repeat(32)}`,
    block_number: "3300000",
    block_timestamp: "1488772607",
    from_address: "0x2e7a875c9ca02ba66b2af634b4e82c8583abcb9d",
    to_address: "0x4b737cee2d3b4be037afc29b918856df62b9c49a",
  };
  expect(ethereumEtlRecord({ ...row, value: "2.13e+20" }, "ethereum", 7)).toEqual({
    kind: "skipped",
    reason: "value is not a whole number of wei: 2.13e+20",
  });
  expect(ethereumEtlRecord({ ...row, value: "1", from_address: "0xnope" }, "ethereum", 7)).toMatchObject({
    kind: "skipped",
  });
  expect(ethereumEtlRecord({ ...row, value: "1" }, "bitcoin", 7)).toEqual({
    kind: "skipped",
    reason: "bitcoin is not an EVM chain",
  });
  expect(ethereumEtlKindOf({ type: "block", number: "1" })).toBe("ignored");
  expect(
    ethereumEtlKindOf([
      "token_address",
      "from_address",
      "to_address",
      "value",
      "transaction_hash",
      "log_index",
      "block_number",
    ]),
  ).toBe("token_transfer");
});
