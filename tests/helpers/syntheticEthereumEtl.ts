import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Issue 46: a large ethereum-etl transactions.csv in the real export's layout (the header of
// packages/server/fixtures/raphtory-ethereum), with invented transactions among a few hundred
// addresses: one file big enough that an import runs for a while.

const realFile = fileURLToPath(
  new URL(
    "../../packages/server/fixtures/raphtory-ethereum/transactions_3300000_first1000.csv",
    import.meta.url,
  ),
);
const addressCount = 300;

export function syntheticAddress(index: number): string {
  return `0x5a${(index % addressCount).toString(16).padStart(38, "0")}`;
}

/** The CSV of `count` plain ether transfers, one per line, every line valid; `tag` keeps hashes apart. */
export function syntheticEthereumEtlCsv(count: number, tag = 0): string {
  const header = readFileSync(realFile, "utf8").split(/\r?\n/, 1)[0]!;
  const lines = [header];
  for (let i = 0; i < count; i++) {
    const block = 4_000_000 + Math.floor(i / 100);
    const from = syntheticAddress(i * 7);
    const to = syntheticAddress(i * 7 + 1 + (i % 13));
    const hash = `0x${tag.toString(16).padStart(8, "0")}${i.toString(16).padStart(56, "0")}`;
    const blockHash = `0x${block.toString(16).padStart(64, "0")}`;
    const wei = `${BigInt(i + 1) * 10n ** 15n}`;
    const time = 1_500_000_000 + (block - 4_000_000) * 15;
    // hash,nonce,block_hash,block_number,transaction_index,from_address,to_address,value,gas,gas_price,input,block_timestamp,max_fee_per_gas,max_priority_fee_per_gas,transaction_type
    lines.push(
      `${hash},${i},${blockHash},${block},${i % 100},${from},${to},${wei},21000,20000000000,0x,${time},,,0`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** What an import of the file left in the store, by its transactions' hashes: equal runs, equal rows. */
export const syntheticRowsSql = `SELECT count(DISTINCT t.id)::int AS transactions, count(*)::int AS transfers,
  coalesce(sum(r.amount_raw), 0)::text AS amount, coalesce(sum(r.balance_raw), 0)::text AS balance
  FROM transactions t JOIN transfers r ON r.transaction_id = t.id
  WHERE t.chain = 'ethereum' AND t.hash LIKE $1 || '%'`;

export function syntheticHashPrefix(tag = 0): string {
  return `0x${tag.toString(16).padStart(8, "0")}`;
}
