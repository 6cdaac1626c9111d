import {
  addressChainUrn,
  type ChainId,
  type EntityTransferRow,
  signedAmountNumber,
  signedRelevantAmount,
  type TransferRow,
  transactionUrn,
} from "@sleuth/sdk";
import { fieldSeparator, rowSeparator } from "../metrics/subjects.ts";
import { attributionLabelOf, bestLabelSql } from "../search/addressLabel.ts";
import { senderlessIsMinted, unitsOf } from "../search/transactionLookup.ts";
import type { Queryable } from "../store/store.ts";
import type { TransferScope } from "./scope.ts";

/** A page row as the store answers it: the transfer and what the 001 §3 row names beside it. */
export interface PageRow {
  id: string;
  /** The row's timestamp to the microsecond, the key a cursor holds. */
  ts_key: string;
  direction: "incoming" | "outgoing";
  amount_raw: string;
  amount_usd: number | null;
  balance_raw: string;
  hash: string;
  chain: ChainId;
  asset_urn: string;
  symbol: string;
  decimals: number;
  address: string;
  cp_address: string | null;
  cp_entity: string | null;
  cp_entity_urn: string | null;
  cp_categories: string | null;
  /** The counterparty's best attribution label, `label chr(31) source` (search/addressLabel.ts). */
  cp_label: string | null;
  /** An incoming row with no sender: its transaction's coinbase flag (null when not recorded). */
  coinbase: boolean | null;
}

/**
 * The columns of a page row, each a scalar over the materialised page row `p`: every lookup is a
 * primary-key probe for that row only, and the statement has no join, so planning it (which cost
 * more than running it for a 30-row page) is a scan of one CTE. The asset's and the counterparty
 * entity's fields travel as one text each (fieldSeparator between them; the URNs, which hold no
 * control character, come before the free-text name or symbol).
 */
export const pageColumns = {
  id: "p.id::text",
  ts_key: `to_char(p.block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  direction: "p.direction",
  amount_raw: "p.amount_raw::text",
  amount_usd: "p.amount_usd",
  balance_raw: "p.balance_raw::text",
  hash: "(SELECT x.hash FROM transactions x WHERE x.id = p.transaction_id)",
  asset:
    "(SELECT a.decimals || chr(31) || a.chain || chr(31) || a.urn || chr(31) || a.symbol FROM assets a WHERE a.id = p.asset_id)",
  address: "(SELECT s.address FROM addresses s WHERE s.id = p.address_id)",
  cp_address: "(SELECT c.address FROM addresses c WHERE c.id = p.counterparty_id)",
  cp_entity: "(SELECT e.urn || chr(31) || e.name FROM entities e WHERE e.id = p.counterparty_entity_id)",
  cp_categories: `(SELECT string_agg(k.name, chr(30) ORDER BY ac.category_id)
    FROM address_categories ac JOIN categories k ON k.id = ac.category_id WHERE ac.address_id = p.counterparty_id)`,
  cp_label: bestLabelSql("p.counterparty_id"),
  // Only a sender-less incoming row asks: was it minted, or paid by inputs without addresses?
  coinbase: `CASE WHEN p.counterparty_id IS NULL AND p.direction = 'incoming'
    THEN (SELECT x.coinbase FROM transactions x WHERE x.id = p.transaction_id) END`,
} as const;
type PageColumn = keyof typeof pageColumns;
const pageColumnNames = Object.keys(pageColumns) as PageColumn[];

/** A page row as the statement answers it: its columns under their names, texts or numbers. */
type StoredPageRow = Record<PageColumn, string | number | boolean | null>;

/**
 * A bulk page's assets, subject addresses, counterparties and counterparty entities repeat (one
 * asset, an exchange, a mixer): each distinct one is read once, by its primary key (never by
 * scanning address_categories), then joined to the page by hash.
 */
export const bulkLookups = `cps AS MATERIALIZED (
      SELECT d.id, (SELECT c.address FROM addresses c WHERE c.id = d.id) AS address,
        ${pageColumns.cp_categories.replace("p.counterparty_id", "d.id")} AS categories,
        ${pageColumns.cp_label.replace("p.counterparty_id", "d.id")} AS label
      FROM (SELECT DISTINCT counterparty_id AS id FROM page WHERE counterparty_id IS NOT NULL) d
    ),
    ast AS MATERIALIZED (
      SELECT d.id, ${pageColumns.asset.replace("p.asset_id", "d.id")} AS asset
      FROM (SELECT DISTINCT asset_id AS id FROM page) d
    ),
    own AS MATERIALIZED (
      SELECT d.id, ${pageColumns.address.replace("p.address_id", "d.id")} AS address
      FROM (SELECT DISTINCT address_id AS id FROM page) d
    ),
    ent AS MATERIALIZED (
      SELECT d.id, ${pageColumns.cp_entity.replace("p.counterparty_entity_id", "d.id")} AS entity
      FROM (SELECT DISTINCT counterparty_entity_id AS id FROM page WHERE counterparty_entity_id IS NOT NULL) d
    )`;
const bulkColumns: Record<PageColumn, string> = {
  ...pageColumns,
  asset: "ast.asset",
  address: "own.address",
  cp_address: "cps.address",
  cp_entity: "ent.entity",
  cp_categories: "cps.categories",
  cp_label: "cps.label",
};

/** Joins each row of a bulk page to its distinct lookups (bulkLookups). */
const bulkJoins = `FROM page p
    LEFT JOIN cps ON cps.id = p.counterparty_id
    LEFT JOIN ast ON ast.id = p.asset_id
    LEFT JOIN own ON own.id = p.address_id
    LEFT JOIN ent ON ent.id = p.counterparty_entity_id`;

/**
 * Wraps the statement choosing a page's transfers (`rows`, each with `sort_value`) with what a row
 * shows, in `order` (over `p`). The page is materialised first, so each lookup is for its rows only.
 */
export function pageRowsSql(rows: string, order: string): string {
  const columns = pageColumnNames.map((name) => `${pageColumns[name]} AS ${name}`).join(",\n      ");
  return `WITH page AS MATERIALIZED (${rows})
    SELECT ${columns}
    FROM page p
    ORDER BY ${order}`;
}

/**
 * pageRowsSql for a page of hundreds of rows (`sleuth transfers`, exports): one JSON text of one
 * array per row, in `order`. PGlite decodes every field of an answer in JavaScript, which for a
 * thousand rows cost more than the statement; a single text is one field, parsed natively.
 */
export function bulkPageRowsSql(rows: string, order: string): string {
  const columns = pageColumnNames.map((name) => bulkColumns[name]).join(", ");
  return `WITH page AS MATERIALIZED (${rows}),
    ${bulkLookups}
    SELECT coalesce(json_agg(json_build_array(${columns}) ORDER BY ${order}), '[]')::text AS rows
    ${bulkJoins}`;
}

/** bulkPageRowsSql's rows as a plain row set, one row per transfer, in `order`. */
export function bulkRowsSql(rows: string, order: string): string {
  const columns = pageColumnNames.map((name) => `${bulkColumns[name]} AS ${name}`).join(", ");
  return `WITH page AS MATERIALIZED (${rows}),
    ${bulkLookups}
    SELECT ${columns}
    ${bulkJoins}
    ORDER BY ${order}`;
}

function pageRowOf(stored: StoredPageRow): PageRow {
  const asset = String(stored.asset).split(fieldSeparator);
  const entity = stored.cp_entity === null ? null : String(stored.cp_entity);
  const cut = entity === null ? -1 : entity.indexOf(fieldSeparator);
  return {
    id: String(stored.id),
    ts_key: String(stored.ts_key),
    direction: stored.direction as PageRow["direction"],
    amount_raw: String(stored.amount_raw),
    amount_usd: stored.amount_usd === null ? null : Number(stored.amount_usd),
    balance_raw: String(stored.balance_raw),
    hash: String(stored.hash),
    decimals: Number(asset[0]),
    chain: asset[1] as ChainId,
    asset_urn: asset[2] ?? "",
    // The symbol is the rest, whatever it holds.
    symbol: asset.slice(3).join(fieldSeparator),
    address: String(stored.address),
    cp_address: stored.cp_address === null ? null : String(stored.cp_address),
    cp_entity_urn: entity === null ? null : entity.slice(0, cut),
    cp_entity: entity === null ? null : entity.slice(cut + 1),
    cp_categories: stored.cp_categories === null ? null : String(stored.cp_categories),
    cp_label: stored.cp_label === null ? null : String(stored.cp_label),
    coinbase: stored.coinbase === null ? null : stored.coinbase === true || stored.coinbase === "true",
  };
}

/** Runs a pageRowsSql statement. */
export async function readPageRows(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<PageRow[]> {
  return (await db.query<StoredPageRow>(sql, params)).map(pageRowOf);
}

/** Runs a bulkPageRowsSql statement. */
export async function readBulkPageRows(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<PageRow[]> {
  const [answer] = await db.query<{ rows: string }>(sql, params);
  const arrays = answer ? (JSON.parse(answer.rows) as (string | number | null)[][]) : [];
  return arrays.map((values) => {
    const stored = {} as StoredPageRow;
    pageColumnNames.forEach((name, index) => {
      stored[name] = values[index] ?? null;
    });
    return pageRowOf(stored);
  });
}

/** The microsecond key text as the wire's instant: milliseconds, as every other timestamp. */
function instantOf(key: string): string {
  return `${key.slice(0, 23)}Z`;
}

/**
 * A 001 §3 transfer row: amounts in whole units as exact decimals, negated when outgoing (USD too);
 * USD null when the store has no price for that asset and day (never 0); `to` the receiving address;
 * the running balance in address tables only. Entity tables add the entity's own address.
 */
export function transferRowOf(row: PageRow, kind: TransferScope["kind"]): TransferRow | EntityTransferRow {
  const outgoing = row.direction === "outgoing";
  const transfer: TransferRow = {
    transactionTimestamp: instantOf(row.ts_key),
    transactionUrn: transactionUrn(row.chain, row.hash),
    to: outgoing ? (row.cp_address ?? "") : row.address,
    counterpartyEntities:
      row.cp_entity && row.cp_entity_urn ? [{ entity: row.cp_entity, entityUrn: row.cp_entity_urn }] : [],
    counterpartyAddressChainUrns: row.cp_address ? [addressChainUrn(row.chain, row.cp_address)] : [],
    counterpartyCategories: row.cp_categories
      ? row.cp_categories.split(rowSeparator).map((category) => ({ category }))
      : [],
    chain: row.chain,
    direction: row.direction,
    relevantAmountRaw: signedRelevantAmount(unitsOf(row.amount_raw, row.decimals), row.direction),
    relevantAmountUsd: row.amount_usd === null ? null : signedAmountNumber(row.amount_usd, row.direction),
    runningBalanceRaw: kind === "address" ? unitsOf(row.balance_raw, row.decimals) : null,
    assetUrn: row.asset_urn,
    asset: row.symbol,
    counterpartyLabel: attributionLabelOf(row.cp_label),
    ...(row.direction === "incoming" && !row.cp_address && !senderlessIsMinted(row.chain, row.coinbase)
      ? { senderUnknown: true }
      : {}),
  };
  return kind === "address"
    ? transfer
    : { ...transfer, addressChainUrn: addressChainUrn(row.chain, row.address) };
}
