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

/**
 * An address whose every outgoing flow has a USD price between $1 and the trace's $100 minimum: a
 * trace at the default minimum finds nothing, one at $1 follows them all.
 */
export async function smallFlowsPayer(
  store: Store,
): Promise<{ chain: string; address: string; urn: string }> {
  const [row] = await store.query<{ chain: string; address: string }>(
    `SELECT a.chain, a.address
       FROM (SELECT address_id, counterparty_id, sum(outgoing_usd) AS usd, sum(outgoing_unpriced) AS unpriced
               FROM address_counterparties
              WHERE outgoing_transfers > 0 AND counterparty_id <> address_id
              GROUP BY address_id, counterparty_id) f
       JOIN addresses a ON a.id = f.address_id
      -- One chain only: the palette plots an EVM address found on several chains on the first.
      WHERE NOT EXISTS (SELECT 1 FROM addresses o WHERE o.address = a.address AND o.id <> a.id)
      GROUP BY a.id, a.chain, a.address
     HAVING max(f.usd) < 100 AND min(f.usd) >= 1 AND sum(f.unpriced) = 0
      ORDER BY count(*) DESC, a.id LIMIT 1`,
  );
  if (!row) throw new Error("The demo world has no address whose flows out are all under $100");
  return { ...row, urn: `urn:sleuth:address:${row.chain}:${row.address}` };
}
