import type { Queryable } from "@sleuth/server";

// Issue 46: a store's chain facts by content (no ids), to hold two ways of writing the same blocks
// equal: the follower and the ethereum-etl import, or a killed-and-resumed run and a whole one.

export async function ledgerRows(db: Queryable, chain = "ethereum") {
  const addresses = await db.query(
    `SELECT address, address_type, has_imported_transfers FROM addresses WHERE chain = $1 ORDER BY address`,
    [chain],
  );
  const assets = await db.query(
    `SELECT contract, symbol, name, decimals FROM assets WHERE chain = $1 AND contract <> 'native'
     ORDER BY contract`,
    [chain],
  );
  const transactions = await db.query(
    `SELECT hash, block_number::text, block_timestamp, fee_raw::text, fee_usd, value_usd, op_return
     FROM transactions WHERE chain = $1 ORDER BY hash`,
    [chain],
  );
  const transfers = await db.query(
    `SELECT x.hash, a.address, c.address AS counterparty, s.contract AS asset, t.direction,
       t.amount_raw::text, t.amount_usd, t.balance_raw::text, t.block_timestamp
     FROM transfers t JOIN transactions x ON x.id = t.transaction_id JOIN addresses a ON a.id = t.address_id
     LEFT JOIN addresses c ON c.id = t.counterparty_id JOIN assets s ON s.id = t.asset_id
     WHERE x.chain = $1 ORDER BY x.hash, a.address, s.contract, t.direction, t.amount_raw`,
    [chain],
  );
  const movements = await db.query(
    `SELECT x.hash, m.movement FROM import_movements m JOIN transactions x ON x.id = m.transaction_id
     WHERE x.chain = $1 ORDER BY x.hash, m.movement`,
    [chain],
  );
  return { addresses, assets, transactions, transfers, movements };
}
