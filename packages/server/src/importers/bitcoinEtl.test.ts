import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { bitcoinEtlRecord, utxoSides } from "./bitcoinEtl.ts";
import { parseJsonExact } from "./jsonLines.ts";
import type { LedgerRecord } from "./ledgerRecords.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

function records(path: string, chain: Parameters<typeof bitcoinEtlRecord>[1] = "bitcoin"): LedgerRecord[] {
  return fixture(path)
    .split("\n")
    .filter(Boolean)
    .map((line, index) => {
      const result = bitcoinEtlRecord(parseJsonExact(line) as Record<string, unknown>, chain, index + 1);
      if (result.kind !== "ledger") throw new Error(`line ${index + 1}: ${JSON.stringify(result)}`);
      return result.record;
    });
}

test("001 §3 transfers: a coinbase pays out newly minted value (no counterparty)", () => {
  const [coinbase] = records("bitcoin-etl/bitcoin_stream_50001_50002.transactions.jsonl");
  expect(coinbase!.movements).toEqual([
    {
      key: "utxo",
      asset: "native",
      sides: [
        {
          address: "1PkqKGbNLDdDJGveCcNUMV9CEFH77ADrPQ",
          counterparty: null,
          direction: "incoming",
          amount: 5_000_000_000n,
        },
      ],
    },
  ]);
  // A pay-to-pubkey output with a 65-byte key: an uncompressed public key.
  expect(coinbase!.addresses[0]).toMatchObject({ type: "pubkey", publicKeyCompressed: false });
});

test("001 §3 transfers: a UTXO transaction is one edge per sender and receiver, shared in proportion", () => {
  const [, spend] = records("bitcoin-etl/bitcoin_stream_50001_50002.transactions.jsonl");
  // Two 50 BTC inputs from two addresses, one 100 BTC output: two edges into the receiver.
  const sender1 = "1DoQeKfU3dYhN9bxMpFFcVUnufCPDqSPae";
  const sender2 = "1PZMgkF2x161qvfP7dhoWSEEU3SjnQE1m9";
  const receiver = "1HaHTfmvoUW6i6nhJf8jJs6tU4cHNmBQHQ";
  expect(spend!.movements[0]!.sides).toEqual([
    { address: sender1, counterparty: receiver, direction: "outgoing", amount: 5_000_000_000n },
    { address: receiver, counterparty: sender1, direction: "incoming", amount: 5_000_000_000n },
    { address: sender2, counterparty: receiver, direction: "outgoing", amount: 5_000_000_000n },
    { address: receiver, counterparty: sender2, direction: "incoming", amount: 5_000_000_000n },
  ]);
});

test("001 §3 transfers: change paid back to a sender nets out; every receiver gets exactly its amount", () => {
  const sides = utxoSides(
    [
      { address: "A", net: -70n }, // paid 100, 30 back as change
      { address: "B", net: -31n },
      { address: "C", net: 50n },
      { address: "D", net: 50n },
    ],
    true,
  );
  const received = (address: string) =>
    sides
      .filter((side) => side.address === address && side.direction === "incoming")
      .reduce((sum, side) => sum + side.amount, 0n);
  expect(received("C")).toBe(50n);
  expect(received("D")).toBe(50n);
  expect(sides.filter((side) => side.address === "A")).toEqual([
    { address: "A", counterparty: "C", direction: "outgoing", amount: 35n },
    { address: "A", counterparty: "D", direction: "outgoing", amount: 35n },
  ]);
});

test("importers: bitcoin-etl inputs whose value is unknown are tolerated: the outputs still count", () => {
  const block = records("bitcoin-block-696394/transactions_selected.jsonl");
  expect(block).toHaveLength(100);
  // Line 2 spends one output from before the block: its input has no value, its fee is unknown.
  const [, payout] = block;
  expect(payout).toMatchObject({
    hash: "a06d148efd4eaf32f71e8f06f7cc30f09a9cf25766724c8334d2b5af1f671c73",
    timestamp: "2021-08-18T15:21:16.000Z",
    feeRaw: null,
  });
  const sides = payout!.movements[0]!.sides;
  expect(sides.every((side) => side.direction === "incoming" && side.counterparty === null)).toBe(true);
  expect(sides.reduce((sum, side) => sum + side.amount, 0n)).toBe(147_730_987n);
  expect(
    payout!.addresses.find((fact) => fact.address === "bc1q8yew4yglduqtz69zcz2vqlxmzg9wtucmcgydcu")?.type,
  ).toBe("witness_v0_keyhash");
});

test("importers: bitcoin-etl amounts stay exact where a float would round (dogecoin) and Bitcoin Cash keeps CashAddr", () => {
  const doge = records("bitcoin-etl/dogecoin_block_with_float_precision_loss.transactions.jsonl", "dogecoin");
  const amounts = doge.flatMap((record) =>
    record.movements.flatMap((movement) => movement.sides.map((side) => side.amount)),
  );
  // Outputs as large as 84,841,299.387 DOGE arrive to the last koinu (bitcoin-etl once rounded such values).
  expect(amounts).toContain(8_484_129_938_700_000n);
  expect(amounts).toContain(992_162_973_066_915n);
  const [bch] = records(
    "bitcoin-etl/bitcoin_cash_block_with_duplicate_txid.transactions.jsonl",
    "bitcoin-cash",
  );
  expect(bch!.movements[0]!.sides[0]!.address).toBe("bitcoincash:qzkddwa6hgh03skr4qsrygk7e087zjydxgqkpjnsw7");
});

test("importers: a bitcoin-etl line without block data is skipped with the reason", () => {
  expect(bitcoinEtlRecord({ hash: "00".repeat(32), outputs: [] }, "bitcoin", 3)).toEqual({
    kind: "skipped",
    reason: "block_number is not a block number",
  });
  expect(bitcoinEtlRecord({ type: "block", number: "1" }, "bitcoin", 1)).toEqual({ kind: "ignored" });
  expect(bitcoinEtlRecord({}, "ethereum", 1)).toEqual({
    kind: "skipped",
    reason: "ethereum is not a UTXO chain",
  });
});

test("issue 39 a record says whether its transaction is a coinbase, from is_coinbase or its inputs", () => {
  const block = records("bitcoin-block-696394/transactions_selected.jsonl");
  expect(block[0]!.coinbase).toBe(true);
  expect(block.slice(1).every((record) => record.coinbase === false)).toBe(true);
  const line = (fields: Record<string, unknown>) => {
    const result = bitcoinEtlRecord(
      {
        hash: "07f8b22fa9a3b32e20b59bb90727de05fb634749519ebcb6a887aeaf2c7eb041",
        block_number: 1,
        block_timestamp: 1,
        outputs: [],
        ...fields,
      },
      "bitcoin",
      1,
    );
    return result.kind === "ledger" ? result.record.coinbase : result.kind;
  };
  expect(line({ is_coinbase: "true", inputs: [{}] })).toBe(true);
  expect(line({ inputs: [] })).toBe(true);
  expect(line({ inputs: [{ value: null }] })).toBe(false);
  expect(line({})).toBeNull();
});
