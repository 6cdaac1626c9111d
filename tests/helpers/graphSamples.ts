import type { Store } from "@sleuth/server";

// Demo-world addresses the graph tests start from, read from the store the server serves.

/** An unattributed address that paid an exchange-owned address directly: its trace ends there. */
export async function exchangePayer(store: Store): Promise<{ chain: string; address: string; urn: string }> {
  const [row] = await store.query<{ chain: string; address: string }>(
    `SELECT a.chain, a.address
       FROM address_counterparties c
       JOIN addresses a ON a.id = c.address_id AND a.entity_id IS NULL
       JOIN addresses b ON b.id = c.counterparty_id
       JOIN entities e ON e.id = b.entity_id
       JOIN categories k ON k.id = e.category_id AND k.key = 'exchange'
      WHERE c.outgoing_usd > 1000
      ORDER BY c.outgoing_usd DESC, a.id LIMIT 1`,
  );
  if (!row) throw new Error("The demo world has no address that paid an exchange");
  return { ...row, urn: `urn:sleuth:address:${row.chain}:${row.address}` };
}
