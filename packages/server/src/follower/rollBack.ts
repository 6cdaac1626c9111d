import type { ChainId } from "@sleuth/sdk";
import { LedgerWriter } from "../importers/ledgerWriter.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import { settleWrites } from "../rollups/settleWrites.ts";
import type { Queryable } from "../store/store.ts";

export interface RolledBack {
  blocks: number;
  transfers: number;
  /** Addresses that lost transfers: their balances and read model are recomputed. */
  addressIds: Set<number>;
}

/**
 * Issue 46: removes what the follower wrote for a chain's blocks after `ancestor` up to `through`,
 * its checkpoint (blocks the node no longer has; the chain's history imported from files at other
 * heights is not the node's to take back): their transfers, the detector alerts raised on those transfers (an alert names a
 * transfer of the store, and an orphaned one never happened on the chain that won; a notice
 * already sent is not recalled), their transactions (and import_movements, which cascade) and
 * their checkpoint rows. The caller recomputes the balances and the read model of the addresses.
 */
export async function rollBackBlocksAfter(
  tx: Queryable,
  chain: string,
  ancestor: bigint,
  through: bigint,
): Promise<RolledBack> {
  const after = ancestor.toString();
  await tx.query(
    `CREATE TEMP TABLE orphaned_transactions ON COMMIT DROP AS
       SELECT id FROM transactions WHERE chain = $1 AND block_number > $2 AND block_number <= $3`,
    [chain, after, through.toString()],
  );
  const removed = await tx.query<{ id: number; address_id: number }>(
    `DELETE FROM transfers WHERE transaction_id IN (SELECT id FROM orphaned_transactions)
     RETURNING id, address_id`,
  );
  if (removed.length > 0) {
    await tx.query("DELETE FROM detector_alerts WHERE transfer_id = ANY($1::bigint[])", [
      removed.map((row) => row.id),
    ]);
  }
  await tx.query("DELETE FROM transactions WHERE id IN (SELECT id FROM orphaned_transactions)");
  const blocks = await tx.query(
    "DELETE FROM chain_blocks WHERE chain = $1 AND block_number > $2 RETURNING 1",
    [chain, after],
  );
  await tx.exec("DROP TABLE orphaned_transactions");
  return {
    blocks: blocks.length,
    transfers: removed.length,
    addressIds: new Set(removed.map((row) => Number(row.address_id))),
  };
}

/**
 * Rolls back a chain's blocks after `ancestor` through `through` (rollBackBlocksAfter) inside `tx`, then recomputes the
 * running balances of the addresses that lost transfers and settles their read model: sums cannot
 * subtract what they never recorded apart, so those addresses' rollups are summed again from the
 * history they keep (settleWrites' addressIds), never the store.
 */
export async function rollBackAndSettle(
  tx: Queryable,
  chain: ChainId,
  ancestor: bigint,
  through: bigint,
  notifier: DeliverySettings | null,
): Promise<RolledBack> {
  const result = await rollBackBlocksAfter(tx, chain, ancestor, through);
  const writer = new LedgerWriter(tx, chain);
  writer.touchAddresses(result.addressIds);
  await writer.finish();
  await settleWrites(tx, { addressIds: result.addressIds, attribution: false }, notifier);
  return result;
}
