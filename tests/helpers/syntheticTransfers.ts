import { addressChainUrn } from "@sleuth/sdk";
import type { Queryable } from "@sleuth/server";

/**
 * One Ethereum address with `count` transfers, one a minute, inserted by SQL in a few statements
 * (the 001 §9 100,000-row exports need that many rows; the demo worlds spread theirs thinner).
 * Every row has its own transaction, so a file holding every row once holds every hash once.
 */
export async function insertSyntheticTransfers(
  db: Queryable,
  options: { count: number; address?: string },
): Promise<{ addressChainUrn: string; count: number }> {
  const address = options.address ?? `0x${"5e".repeat(20)}`;
  const counterparty = `0x${"c0".repeat(20)}`;
  await db.query(
    `INSERT INTO chains (id, name, symbol, family, has_op_return)
     VALUES ('ethereum', 'Ethereum', 'ETH', 'evm', false) ON CONFLICT (id) DO NOTHING`,
  );
  await db.query(
    `INSERT INTO assets (chain, contract, symbol, name, decimals)
     VALUES ('ethereum', 'native', 'ETH', 'Ether', 18) ON CONFLICT (chain, contract) DO NOTHING`,
  );
  await db.query(
    `INSERT INTO addresses (chain, address, address_type)
     VALUES ('ethereum', $1, 'externally_owned_account'), ('ethereum', $2, 'externally_owned_account')
     ON CONFLICT (address, chain) DO NOTHING`,
    [address, counterparty],
  );
  const prefix = address.slice(2, 10);
  await db.query(
    `INSERT INTO transactions (chain, hash, block_number, block_timestamp)
     SELECT 'ethereum', '0x' || $2::text || lpad(to_hex(g), 56, '0'), g,
            timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute'
     FROM generate_series(1, $1::int) g`,
    [options.count, prefix],
  );
  await db.query(
    `INSERT INTO transfers (transaction_id, block_timestamp, address_id, counterparty_id, asset_id,
       direction, amount_raw, amount_usd, balance_raw)
     SELECT tx.id, tx.block_timestamp, a.id, c.id, s.id,
       CASE WHEN tx.block_number % 3 = 0 THEN 'outgoing' ELSE 'incoming' END,
       tx.block_number::numeric * 1000000000000000, tx.block_number / 100.0,
       tx.block_number::numeric * 2000000000000000
     FROM transactions tx
     JOIN addresses a ON a.chain = 'ethereum' AND a.address = $1
     JOIN addresses c ON c.chain = 'ethereum' AND c.address = $2
     JOIN assets s ON s.chain = 'ethereum' AND s.contract = 'native'
     WHERE tx.chain = 'ethereum' AND tx.hash LIKE '0x' || $3 || '%'`,
    [address, counterparty, prefix],
  );
  // Fresh statistics, as after a world load: without them the planner guesses at the new rows.
  await db.query("ANALYZE transactions");
  await db.query("ANALYZE transfers");
  return { addressChainUrn: addressChainUrn("ethereum", address), count: options.count };
}
