import { pageColumns } from "./transferRows.ts";

/** A text as an SQL string literal. */
export const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The separator a page statement packs an asset's or an entity's fields with (readBulkPageRows). */
export const fieldSeparatorSql = "chr(31)";

/** An ORDER BY list walked the other way: its last row first. */
export const reversedOrder = (order: string) =>
  order.replaceAll(/\b(ASC|DESC)\b/g, (direction) => (direction === "ASC" ? "DESC" : "ASC"));

/**
 * Each row of a materialised page (`from`) with its own values and what its lookups hold (`s` the
 * asset's, `o` the subject address's, `c` the counterparty's, `e` the counterparty entity's, from
 * the tables `lookups` names), plus `columns` of those, read once behind a fence (OFFSET 0): a value
 * a statement looks at twice never reads a lookup twice. USD carries the row's direction's sign.
 */
export function fencedPageRowsSql(
  from: string,
  lookups: { asset: string; own: string; cp: string; entity: string },
  columns: string,
): string {
  return `SELECT p.sort_value, p.id, p.block_timestamp, p.direction, p.amount_raw,
        CASE WHEN p.direction = 'outgoing' THEN -abs(p.amount_usd) ELSE abs(p.amount_usd) END AS usd,
        p.balance_raw, ${pageColumns.hash} AS hash,
        s.chain, s.unit, s.urn AS asset_urn, s.symbol, o.address, c.address AS cp_address, c.categories,
        ${columns}
      FROM ${from} p
      LEFT JOIN ${lookups.asset} s ON s.id = p.asset_id
      LEFT JOIN ${lookups.own} o ON o.id = p.address_id
      LEFT JOIN ${lookups.cp} c ON c.id = p.counterparty_id
      LEFT JOIN ${lookups.entity} e ON e.id = p.counterparty_entity_id
      OFFSET 0`;
}
