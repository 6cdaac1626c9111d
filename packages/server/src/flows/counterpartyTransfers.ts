import {
  addressChainUrn,
  assetUrn,
  type ChainAssetInfo,
  type ChainId,
  type CounterpartyKind,
  entityUrn,
  signedRelevantAmount,
  type TransferDirection,
  type TransferRow,
  type TxDateRange,
  transactionUrn,
} from "@sleuth/sdk";
import { badRequest } from "../http/errors.ts";
import { resolveSubjectRows, type SubjectRows, type Viewer } from "../metrics/subjects.ts";
import { attributionLabelOf, bestLabelSql } from "../search/addressLabel.ts";
import { unitsOf } from "../search/transactionLookup.ts";
import type { Queryable } from "../store/store.ts";
import { transferCursor, transferKeyset } from "./flowCursors.ts";
import { type FlowSubjectRows, subjectTransfersSql, txDateBounds } from "./flowSubjects.ts";

/** The counterparty of a to-{kind} call as store rows (a custom entity: its members). */
export type CounterpartyRows = SubjectRows;

/** The counterparty `urn` of `kind`, scoped like every subject; unknown answers 404. */
export async function resolveCounterparty(
  db: Queryable,
  kind: CounterpartyKind,
  urn: string | undefined,
  viewer: Viewer,
): Promise<CounterpartyRows> {
  if (!urn)
    throw badRequest("The request is not valid", [
      { path: [`counterparty`], code: "custom", message: `A ${kind} counterparty is required` },
    ]);
  return resolveSubjectRows(db, kind, urn, viewer);
}

export interface CounterpartyTransferQuery {
  txDate?: TxDateRange;
  direction?: TransferDirection;
  pageSize: number;
  after?: string;
}

// $1/$2 subject, $3/$4 counterparty, $5/$6 time range, $7 direction.
const counterpartyFilterSql = `(t.counterparty_id = ANY($3::bigint[]) OR coalesce(t.counterparty_entity_id = ANY($4::int[]), false))
  AND t.block_timestamp >= coalesce($5::timestamptz, '-infinity') AND t.block_timestamp < coalesce($6::timestamptz, 'infinity')
  AND ($7::text IS NULL OR t.direction = $7::text)`;

interface TransferSqlRow {
  id: string | number;
  block_timestamp: Date | string;
  direction: TransferDirection;
  amount_raw: string;
  amount_usd: number | null;
  balance_raw: string;
  chain: ChainId;
  hash: string;
  contract: string;
  symbol: string;
  decimals: number;
  own_address: string;
  cp_address: string | null;
  cp_slug: string | null;
  cp_name: string | null;
  categories: string[] | null;
  cp_label: string | null;
}

/** 001 §3 Transfer row: amounts in whole units, relevantAmountRaw negated for outgoing. */
export function transferRowOf(row: TransferSqlRow): TransferRow {
  const amount = unitsOf(row.amount_raw, row.decimals);
  const counterparty = row.cp_address ? addressChainUrn(row.chain, row.cp_address) : null;
  return {
    transactionTimestamp: new Date(row.block_timestamp).toISOString(),
    transactionUrn: transactionUrn(row.chain, row.hash),
    to: row.direction === "incoming" ? row.own_address : (row.cp_address ?? ""),
    counterpartyEntities: row.cp_slug
      ? [{ entity: row.cp_name ?? row.cp_slug, entityUrn: entityUrn(row.cp_slug) }]
      : [],
    counterpartyAddressChainUrns: counterparty ? [counterparty] : [],
    counterpartyCategories: (row.categories ?? []).map((category) => ({ category })),
    chain: row.chain,
    direction: row.direction,
    relevantAmountRaw: signedRelevantAmount(amount, row.direction),
    relevantAmountUsd: row.amount_usd,
    runningBalanceRaw: unitsOf(row.balance_raw, row.decimals),
    assetUrn: assetUrn(row.chain, row.contract),
    asset: row.symbol,
    counterpartyLabel: attributionLabelOf(row.cp_label),
  };
}

/** The columns a transfer row is built from, over `transfers t`. */
export const transferColumnsSql = `t.id, t.block_timestamp, t.direction, t.amount_raw::text AS amount_raw, t.amount_usd,
  t.balance_raw::text AS balance_raw, tx.chain, tx.hash, s.contract, s.symbol, s.decimals, own.address AS own_address,
  cp.address AS cp_address, ce.slug AS cp_slug, ce.name AS cp_name,
  (SELECT array_agg(c.name ORDER BY c.name) FROM address_categories x JOIN categories c ON c.id = x.category_id
   WHERE x.address_id = t.counterparty_id) AS categories, ${bestLabelSql("t.counterparty_id")} AS cp_label`;
export const transferJoinsSql = `JOIN transactions tx ON tx.id = t.transaction_id
  JOIN assets s ON s.id = t.asset_id
  JOIN addresses own ON own.id = t.address_id
  LEFT JOIN addresses cp ON cp.id = t.counterparty_id
  LEFT JOIN entities ce ON ce.id = t.counterparty_entity_id`;

/**
 * 000 §7 to-{kind}/transfers: the subject's transfers with one counterparty, newest first, by keyset
 * (timestamp, id): a page stays the same while newer transfers arrive. meta.nextCursor is null on
 * the last page.
 */
export async function counterpartyTransferPage(
  db: Queryable,
  subject: FlowSubjectRows,
  counterparty: CounterpartyRows,
  query: CounterpartyTransferQuery,
): Promise<{ rows: TransferRow[]; nextCursor: string | null }> {
  const { from, until } = txDateBounds(query.txDate);
  const keyset = transferKeyset(query.after);
  const rows = await db.query<TransferSqlRow>(
    `SELECT ${transferColumnsSql}
     FROM transfers t ${transferJoinsSql}
     WHERE ${subjectTransfersSql(1, 2)} AND ${counterpartyFilterSql}
       AND ($8::timestamptz IS NULL OR (t.block_timestamp, t.id) < ($8::timestamptz, $9::bigint))
     ORDER BY t.block_timestamp DESC, t.id DESC
     LIMIT $10`,
    [
      subject.addressIds,
      subject.entityIds,
      counterparty.addressIds,
      counterparty.entityIds,
      from,
      until,
      query.direction ?? null,
      keyset?.at ?? null,
      keyset?.id ?? null,
      query.pageSize + 1,
    ],
  );
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map(transferRowOf),
    nextCursor: rows.length > query.pageSize && last ? transferCursor(last) : null,
  };
}

/** 000 §7 to-{kind}/transfers/count. */
export async function counterpartyTransferCount(
  db: Queryable,
  subject: FlowSubjectRows,
  counterparty: CounterpartyRows,
  query: Omit<CounterpartyTransferQuery, "pageSize" | "after">,
): Promise<number> {
  const { from, until } = txDateBounds(query.txDate);
  const [row] = await db.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM transfers t WHERE ${subjectTransfersSql(1, 2)} AND ${counterpartyFilterSql}`,
    [
      subject.addressIds,
      subject.entityIds,
      counterparty.addressIds,
      counterparty.entityIds,
      from,
      until,
      query.direction ?? null,
    ],
  );
  return Number(row?.count ?? 0);
}

/**
 * 000 §7 chain-assets/{type}/by-counterparty-{kind}/info: every chain and asset the subject moved
 * with that counterparty (or with counterparties of that category), most transfers first.
 */
export async function chainAssetsWith(
  db: Queryable,
  subject: FlowSubjectRows,
  counterparty: CounterpartyRows | { categoryId: number },
): Promise<ChainAssetInfo[]> {
  const filter =
    "categoryId" in counterparty
      ? "EXISTS (SELECT 1 FROM address_categories x WHERE x.address_id = t.counterparty_id AND x.category_id = $3::int)"
      : "(t.counterparty_id = ANY($3::bigint[]) OR coalesce(t.counterparty_entity_id = ANY($4::int[]), false))";
  const params: unknown[] = [subject.addressIds, subject.entityIds];
  if ("categoryId" in counterparty) params.push(counterparty.categoryId);
  else params.push(counterparty.addressIds, counterparty.entityIds);
  const rows = await db.query<{
    chain: ChainId;
    contract: string;
    symbol: string;
    decimals: number;
    in_raw: string;
    out_raw: string;
    transfers: string | number;
  }>(
    `SELECT s.chain, s.contract, s.symbol, s.decimals,
       coalesce(sum(t.amount_raw) FILTER (WHERE t.direction = 'incoming'), 0)::text AS in_raw,
       coalesce(sum(t.amount_raw) FILTER (WHERE t.direction = 'outgoing'), 0)::text AS out_raw,
       count(*) AS transfers
     FROM transfers t JOIN assets s ON s.id = t.asset_id
     WHERE ${subjectTransfersSql(1, 2)} AND ${filter}
     GROUP BY s.id, s.chain, s.contract, s.symbol, s.decimals
     ORDER BY count(*) DESC, s.chain, s.symbol`,
    params,
  );
  return rows.map((row) => ({
    chain: row.chain,
    assetUrn: assetUrn(row.chain, row.contract),
    asset: row.symbol,
    incomingVolumeRaw: unitsOf(row.in_raw, row.decimals),
    outgoingVolumeRaw: unitsOf(row.out_raw, row.decimals),
    transfers: Number(row.transfers),
  }));
}
