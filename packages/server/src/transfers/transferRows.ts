import {
  addressChainUrn,
  type ChainId,
  type EntityTransferRow,
  signedAmountNumber,
  signedRelevantAmount,
  type TransferRow,
  transactionUrn,
} from "@sleuth/sdk";
import { rowSeparator } from "../metrics/index.ts";
import { unitsOf } from "../search/transactionLookup.ts";
import type { TransferScope } from "./scope.ts";

/** A page row as the store answers it: the transfer and what the 001 §3 row names beside it. */
export interface PageRow {
  id: string | number;
  ts_key: string;
  sort_value: string | number | Date;
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
}

/**
 * Wraps the statement choosing a page's transfers (`rows`, each with `sort_value`) with what a row
 * shows. The page is materialised first, so each lookup is a primary-key probe for its rows only;
 * lookups are scalar subqueries and laterals, not joins, so the planner has no join order to search
 * (planning a six-way join took longer than running it). The counterparties' categories are read
 * once for the page's distinct counterparties, not probed row by row.
 */
export function pageRowsSql(rows: string, order: string): string {
  return `WITH page AS MATERIALIZED (${rows}),
    cats AS (
      SELECT ac.address_id, string_agg(k.name, chr(30) ORDER BY ac.category_id) AS names
      FROM address_categories ac JOIN categories k ON k.id = ac.category_id
      WHERE ac.address_id IN (SELECT counterparty_id FROM page)
      GROUP BY ac.address_id
    )
    SELECT p.id::text AS id, p.sort_value,
      to_char(p.block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts_key,
      p.direction, p.amount_raw::text AS amount_raw, p.amount_usd, p.balance_raw::text AS balance_raw,
      (SELECT x.hash FROM transactions x WHERE x.id = p.transaction_id) AS hash,
      a.chain, a.urn AS asset_urn, a.symbol, a.decimals,
      (SELECT s.address FROM addresses s WHERE s.id = p.address_id) AS address,
      (SELECT c.address FROM addresses c WHERE c.id = p.counterparty_id) AS cp_address,
      e.name AS cp_entity, e.urn AS cp_entity_urn,
      cats.names AS cp_categories
    FROM page p
    CROSS JOIN LATERAL (SELECT chain, urn, symbol, decimals FROM assets WHERE id = p.asset_id) a
    LEFT JOIN LATERAL (SELECT name, urn FROM entities WHERE id = p.counterparty_entity_id) e ON true
    LEFT JOIN cats ON cats.address_id = p.counterparty_id
    ORDER BY ${order}`;
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
  };
  return kind === "address"
    ? transfer
    : { ...transfer, addressChainUrn: addressChainUrn(row.chain, row.address) };
}
