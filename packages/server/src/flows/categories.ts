import {
  addressChainUrn,
  type CategoryAddressRow,
  type CategoryFilterValues,
  type CategoryTransferFilters,
  type CategoryTransferRow,
  type ChainId,
  entityUrn,
  type NumberFilter,
  type OwnershipAddressFilters,
  type OwnershipCategory,
  type ownershipAddressSortFields,
  type TransferDirection,
} from "@sleuth/sdk";
import { attributionLabelOf, bestLabelSql } from "../search/addressLabel.ts";
import { unitsOf } from "../search/transactionLookup.ts";
import type { Queryable } from "../store/store.ts";
import { counterpartyIdsOfUrns } from "./counterparties.ts";
import { numberFilterSql } from "./filterSql.ts";
import { transferCursor, transferKeyset } from "./flowCursors.ts";
import { type FlowSubjectRows, ownAddressesSql, subjectTransfersSql, txDateBounds } from "./flowSubjects.ts";

// $1/$2 subject, $3 category, $4 direction, $5 asset URN, $6 chain, $7/$8 time range; the 000 §5
// header filters: $9/$10 the relevant amount's magnitude in whole units at least / at most, $11/$12
// its USD magnitude (a missing price never matches), $13/$14 the counterparty addresses / entities.
const categoryFilterSql = `EXISTS (SELECT 1 FROM address_categories x WHERE x.address_id = t.counterparty_id AND x.category_id = $3::int)
  AND ($4::text IS NULL OR t.direction = $4::text)
  AND ($5::text IS NULL OR t.asset_id = (SELECT id FROM assets WHERE urn = $5::text))
  AND ($6::text IS NULL OR own.chain = $6::text)
  AND t.block_timestamp >= coalesce($7::timestamptz, '-infinity') AND t.block_timestamp < coalesce($8::timestamptz, 'infinity')
  AND ($9::numeric IS NULL AND $10::numeric IS NULL OR (SELECT abs(t.amount_raw) / 10::numeric ^ fa.decimals
       BETWEEN coalesce($9::numeric, 0) AND coalesce($10::numeric, 'Infinity') FROM assets fa WHERE fa.id = t.asset_id))
  AND ($11::float8 IS NULL OR abs(t.amount_usd) >= $11::float8) AND ($12::float8 IS NULL OR abs(t.amount_usd) <= $12::float8)
  AND ($13::bigint[] IS NULL OR t.counterparty_id = ANY($13::bigint[])
       OR coalesce(t.counterparty_entity_id = ANY($14::int[]), false))`;

/** The bounds of a range-only number filter (000 §5 at least / at most) as SQL parameters. */
function bounds(filter: NumberFilter | undefined): [number | null, number | null] {
  if (!filter) return [null, null];
  return filter.operator === "gte"
    ? [filter.value, null]
    : filter.operator === "lte"
      ? [null, filter.value]
      : [null, null];
}

async function filterParams(
  db: Queryable,
  subject: FlowSubjectRows,
  categoryId: number,
  filters: CategoryTransferFilters,
): Promise<unknown[]> {
  const { from, until } = txDateBounds(filters.txDate);
  const counterparty = filters.counterpartyUrn
    ? await counterpartyIdsOfUrns(db, filters.counterpartyUrn)
    : null;
  return [
    subject.addressIds,
    subject.entityIds,
    categoryId,
    filters.direction ?? null,
    filters.assetUrn ?? null,
    filters.chain ?? null,
    from,
    until,
    ...bounds(filters.relevantAmount),
    ...bounds(filters.relevantAmountUsd),
    counterparty?.addressIds ?? null,
    counterparty?.entityIds ?? null,
  ];
}

export type CategoryTransferPaging = { pageSize: number; after?: string } | { limit: number; offset: number };

interface CategoryTransferSqlRow {
  id: string | number;
  block_timestamp: Date | string;
  direction: TransferDirection;
  amount_raw: string;
  amount_usd: number | null;
  chain: ChainId;
  hash: string;
  symbol: string;
  decimals: number;
  cp_slug: string | null;
  cp_name: string | null;
  cp_address: string | null;
  cp_label: string | null;
}

function categoryTransferRowOf(row: CategoryTransferSqlRow): CategoryTransferRow {
  const amount = Number(unitsOf(row.amount_raw, row.decimals));
  return {
    txTimestamp: new Date(row.block_timestamp).toISOString(),
    txHash: row.hash,
    counterpartyEntities: row.cp_slug
      ? [{ entity: row.cp_name ?? row.cp_slug, entityUrn: entityUrn(row.cp_slug) }]
      : [],
    chain: row.chain,
    asset: row.symbol,
    totalAmountRaw: amount,
    totalAmountUsd: row.amount_usd,
    relevantAmountRaw: row.direction === "outgoing" ? -amount : amount,
    relevantAmountUsd:
      row.amount_usd === null || row.direction === "incoming" ? row.amount_usd : -row.amount_usd,
    counterpartyAddressChainUrns: row.cp_address ? [addressChainUrn(row.chain, row.cp_address)] : [],
    counterpartyLabel: attributionLabelOf(row.cp_label),
  };
}

/** Where a category transfer page starts: after a row (keyset), and/or past `offset` rows. */
export interface CategoryTransferWindow {
  keyset: { at: string; id: string } | null;
  offset: number;
  /** Rows read: the page, plus one to tell whether another follows. */
  limit: number;
}

/**
 * The subject's transfers with counterparties carrying the category, newest first, read by keyset
 * (timestamp, id), each with the keyset of the page after it.
 */
export async function categoryTransferRows(
  db: Queryable,
  subject: FlowSubjectRows,
  categoryId: number,
  filters: CategoryTransferFilters,
  window: CategoryTransferWindow,
): Promise<{ row: CategoryTransferRow; keyset: { at: string; id: string } }[]> {
  const rows = await db.query<CategoryTransferSqlRow>(
    `SELECT t.id, t.block_timestamp, t.direction, t.amount_raw::text AS amount_raw, t.amount_usd, own.chain, tx.hash,
       s.symbol, s.decimals, ce.slug AS cp_slug, ce.name AS cp_name, cp.address AS cp_address,
       CASE WHEN t.counterparty_entity_id IS NULL THEN ${bestLabelSql("t.counterparty_id")} END AS cp_label
     FROM transfers t
     JOIN addresses own ON own.id = t.address_id
     JOIN transactions tx ON tx.id = t.transaction_id
     JOIN assets s ON s.id = t.asset_id
     LEFT JOIN addresses cp ON cp.id = t.counterparty_id
     LEFT JOIN entities ce ON ce.id = t.counterparty_entity_id
     WHERE ${subjectTransfersSql(1, 2)} AND ${categoryFilterSql}
       AND ($15::timestamptz IS NULL OR (t.block_timestamp, t.id) < ($15::timestamptz, $16::bigint))
     ORDER BY t.block_timestamp DESC, t.id DESC
     LIMIT $17 OFFSET $18`,
    [
      ...(await filterParams(db, subject, categoryId, filters)),
      window.keyset?.at ?? null,
      window.keyset?.id ?? null,
      window.limit,
      window.offset,
    ],
  );
  return rows.map((row) => ({
    row: categoryTransferRowOf(row),
    keyset: { at: new Date(row.block_timestamp).toISOString(), id: String(row.id) },
  }));
}

/**
 * 001 §7 by-counterparty-category/transfers: the subject's transfers with counterparties carrying
 * the category, newest first. A cursor page is a keyset page (timestamp, id); an offset page is
 * counted from the newest.
 */
export async function categoryTransferPage(
  db: Queryable,
  subject: FlowSubjectRows,
  categoryId: number,
  filters: CategoryTransferFilters,
  paging: CategoryTransferPaging,
): Promise<{ rows: CategoryTransferRow[]; nextCursor: string | null }> {
  const size = "pageSize" in paging ? paging.pageSize : paging.limit;
  const rows = await categoryTransferRows(db, subject, categoryId, filters, {
    keyset: "pageSize" in paging ? transferKeyset(paging.after) : null,
    offset: "offset" in paging ? paging.offset : 0,
    limit: size + 1,
  });
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  const more = rows.length > size;
  return {
    rows: page.map((item) => item.row),
    nextCursor:
      more && last && "pageSize" in paging
        ? transferCursor({ block_timestamp: last.keyset.at, id: last.keyset.id })
        : null,
  };
}

/** How many rows the category transfers table holds under its filters (the export's count). */
export async function categoryTransferCount(
  db: Queryable,
  subject: FlowSubjectRows,
  categoryId: number,
  filters: CategoryTransferFilters,
): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM transfers t JOIN addresses own ON own.id = t.address_id
     WHERE ${subjectTransfersSql(1, 2)} AND ${categoryFilterSql}`,
    await filterParams(db, subject, categoryId, filters),
  );
  return Number(row?.n ?? 0);
}

/** 001 §7 by-counterparty-category/filter-values: what the category table's header filters offer. */
export async function categoryFilterValues(
  db: Queryable,
  subject: FlowSubjectRows,
  categoryId: number,
): Promise<CategoryFilterValues> {
  const rows = await db.query<{ kind: string; value: string; label: string | null }>(
    `WITH m AS (
       SELECT t.direction, own.chain, t.asset_id, t.counterparty_entity_id FROM transfers t
       JOIN addresses own ON own.id = t.address_id
       WHERE ${subjectTransfersSql(1, 2)} AND ${categoryFilterSql}
     )
     SELECT DISTINCT 'direction' AS kind, direction AS value, NULL AS label FROM m
     UNION SELECT DISTINCT 'chain', chain, NULL FROM m
     UNION SELECT DISTINCT 'asset', s.urn, s.symbol FROM m JOIN assets s ON s.id = m.asset_id
     UNION SELECT DISTINCT 'entity', e.slug, e.name FROM m JOIN entities e ON e.id = m.counterparty_entity_id
     ORDER BY 1, 3, 2`,
    await filterParams(db, subject, categoryId, {}),
  );
  const values: CategoryFilterValues = { chains: [], assets: [], counterpartyEntities: [], directions: [] };
  for (const row of rows) {
    if (row.kind === "direction") values.directions.push(row.value as TransferDirection);
    else if (row.kind === "chain") values.chains.push(row.value as ChainId);
    else if (row.kind === "asset") values.assets.push({ assetUrn: row.value, asset: row.label ?? row.value });
    else
      values.counterpartyEntities.push({ entity: row.label ?? row.value, entityUrn: entityUrn(row.value) });
  }
  return values;
}

interface AddressSqlRow {
  id: string | number;
  chain: ChainId;
  address: string;
  labels: string[] | null;
  incoming_usd: number | null;
  outgoing_usd: number | null;
  incoming_transfers: string | number | null;
  outgoing_transfers: string | number | null;
  incoming_unpriced: string | number | null;
  outgoing_unpriced: string | number | null;
  balance_usd: number | null;
  native_balance: string | null;
  native_decimals: number | null;
  active_unique_assets: number | null;
  total_unique_assets: number | null;
  first_active: Date | string | null;
  last_active: Date | string | null;
}

const addressColumnsSql = `a.id, a.chain, a.address,
  (SELECT array_agg(DISTINCT g.label) FROM attribution_tags g WHERE g.address_id = a.id) AS labels,
  m.incoming_usd, m.outgoing_usd, m.incoming_transfers, m.outgoing_transfers, m.incoming_unpriced,
  m.outgoing_unpriced, m.balance_usd, m.active_unique_assets, m.total_unique_assets, m.first_active, m.last_active,
  (SELECT b.balance_raw::text FROM address_balances b JOIN assets s ON s.id = b.asset_id
   WHERE b.address_id = a.id AND s.chain = a.chain AND s.contract = 'native') AS native_balance,
  (SELECT s.decimals FROM assets s WHERE s.chain = a.chain AND s.contract = 'native') AS native_decimals`;

/** Issue 43: a volume's USD, 0 with nothing moved, unknown (null) when none of its transfers has a price. */
function sideUsd(usd: number | null, transfers: string | number | null, unpriced: string | number | null) {
  const moved = Number(transfers ?? 0);
  if (moved === 0) return 0;
  return Number(unpriced ?? 0) >= moved ? null : (usd ?? 0);
}

function categoryAddressRowOf(row: AddressSqlRow): CategoryAddressRow {
  const incoming = sideUsd(row.incoming_usd, row.incoming_transfers, row.incoming_unpriced);
  const outgoing = sideUsd(row.outgoing_usd, row.outgoing_transfers, row.outgoing_unpriced);
  const at = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    addressLabelsMini: (row.labels ?? []).slice(0, 3),
    addressChainUrn: addressChainUrn(row.chain, row.address),
    chain: row.chain,
    totalVolumeUsd: sideUsd(
      (row.incoming_usd ?? 0) + (row.outgoing_usd ?? 0),
      Number(row.incoming_transfers ?? 0) + Number(row.outgoing_transfers ?? 0),
      Number(row.incoming_unpriced ?? 0) + Number(row.outgoing_unpriced ?? 0),
    ),
    incomingVolumeUsd: incoming,
    outgoingVolumeUsd: outgoing,
    // Null: nothing it holds has a price (or its imported history shows no holding).
    balanceAmountUsd: row.balance_usd,
    nativeAssetBalanceAmountRaw:
      row.native_balance === null || row.native_decimals === null
        ? 0
        : Number(unitsOf(row.native_balance, row.native_decimals)),
    uniqueAssetActiveCount: row.active_unique_assets ?? 0,
    uniqueAssetAllCount: row.total_unique_assets ?? 0,
    firstActiveDate: at(row.first_active),
    lastActiveDate: at(row.last_active),
  };
}

/** 001 §3 category address rows of `addressIds`, in that order. */
export async function categoryAddressRows(
  db: Queryable,
  addressIds: readonly number[],
): Promise<CategoryAddressRow[]> {
  if (addressIds.length === 0) return [];
  const rows = await db.query<AddressSqlRow & { ord: string | number }>(
    `SELECT r.ord, ${addressColumnsSql}
     FROM unnest($1::bigint[]) WITH ORDINALITY AS r(id, ord)
     JOIN addresses a ON a.id = r.id
     LEFT JOIN address_summary m ON m.address_id = a.id
     ORDER BY r.ord`,
    [addressIds],
  );
  return rows.map(categoryAddressRowOf);
}

const ownershipSortSql: Record<(typeof ownershipAddressSortFields)[number], string> = {
  totalVolumeUsd: "(m.incoming_usd + m.outgoing_usd)",
  incomingVolumeUsd: "m.incoming_usd",
  outgoingVolumeUsd: "m.outgoing_usd",
  balanceAmountUsd: "m.balance_usd",
  lastActiveDate: "m.last_active",
};

// $1/$2 subject, $3 category, $4 chain: the subject's own addresses carrying the category.
const ownershipAddressesFromSql = `FROM (${ownAddressesSql}) own
     JOIN address_categories x ON x.address_id = own.id AND x.category_id = $3::int
     JOIN addresses a ON a.id = own.id
     LEFT JOIN address_summary m ON m.address_id = a.id
     WHERE ($4::text IS NULL OR a.chain = $4::text)`;

// Issue 43: the address's total USD as its row reads it: 0 with nothing moved, unknown (null) when
// none of its transfers has a price, so a filter on it never matches an unknown volume.
const ownershipTotalUsdSql = `CASE
  WHEN coalesce(m.incoming_transfers, 0) + coalesce(m.outgoing_transfers, 0) = 0 THEN 0
  WHEN coalesce(m.incoming_unpriced, 0) + coalesce(m.outgoing_unpriced, 0)
       >= coalesce(m.incoming_transfers, 0) + coalesce(m.outgoing_transfers, 0) THEN NULL
  ELSE coalesce(m.incoming_usd, 0) + coalesce(m.outgoing_usd, 0) END`;

interface OwnershipScope {
  ownershipCategoryId: number;
  chain?: ChainId | undefined;
  filters?: OwnershipAddressFilters | undefined;
}

/** The table's rows as SQL (from `FROM`) with its parameters: the category, chain and header filters. */
async function ownershipAddressesSql(db: Queryable, subject: FlowSubjectRows, scope: OwnershipScope) {
  const params: unknown[] = [
    subject.addressIds,
    subject.entityIds,
    scope.ownershipCategoryId,
    scope.chain ?? null,
  ];
  const parts: string[] = [];
  const filters = scope.filters ?? {};
  numberFilterSql(`(${ownershipTotalUsdSql})`, filters.totalVolumeUsd, params, parts);
  numberFilterSql("m.balance_usd", filters.balanceAmountUsd, params, parts);
  numberFilterSql("coalesce(m.total_unique_assets, 0)", filters.uniqueAssetAllCount, params, parts);
  if (filters.addressUrn) {
    const ids = await counterpartyIdsOfUrns(db, filters.addressUrn);
    params.push(ids.addressIds);
    parts.push(`a.id = ANY($${params.length}::bigint[])`);
  }
  return { sql: [ownershipAddressesFromSql, ...parts].join(" AND "), params };
}

/** How many rows the category addresses table holds (the export's count). */
export async function ownershipAddressCount(
  db: Queryable,
  subject: FlowSubjectRows,
  scope: OwnershipScope,
): Promise<number> {
  const { sql, params } = await ownershipAddressesSql(db, subject, scope);
  const [row] = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${sql}`, params);
  return Number(row?.n ?? 0);
}

/**
 * 001 §7 by-ownership-category/addresses: the subject's own addresses carrying the category (an
 * entity's owned addresses, a custom entity's members), 25 a page, under the header filters.
 */
export async function ownershipAddresses(
  db: Queryable,
  subject: FlowSubjectRows,
  request: OwnershipScope & {
    sort: { field: (typeof ownershipAddressSortFields)[number]; direction: "asc" | "desc" };
    limit: number;
    offset: number;
  },
): Promise<CategoryAddressRow[]> {
  const { sql, params } = await ownershipAddressesSql(db, subject, request);
  params.push(request.limit, request.offset);
  const rows = await db.query<AddressSqlRow>(
    `SELECT ${addressColumnsSql}
     ${sql}
     ORDER BY ${ownershipSortSql[request.sort.field]} ${request.sort.direction === "asc" ? "ASC" : "DESC"} NULLS LAST, a.id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(categoryAddressRowOf);
}

/**
 * The ownership categories the subject's own addresses carry (ours: what the category addresses
 * table offers), most addresses first, with those addresses' volume.
 */
export async function ownershipCategories(
  db: Queryable,
  subject: FlowSubjectRows,
): Promise<OwnershipCategory[]> {
  const rows = await db.query<{
    category_id: number;
    category: string;
    addresses: string | number;
    volume: number | null;
  }>(
    `SELECT x.category_id, c.name AS category, count(*) AS addresses,
            -- Issue 43: unknown when none of the addresses' transfers has a USD price.
            CASE WHEN coalesce(sum(m.incoming_transfers + m.outgoing_transfers), 0) = 0
                   OR sum(m.incoming_unpriced + m.outgoing_unpriced) < sum(m.incoming_transfers + m.outgoing_transfers)
                 THEN sum(coalesce(m.incoming_usd, 0) + coalesce(m.outgoing_usd, 0))::float8 END AS volume
     FROM (${ownAddressesSql}) own
     JOIN address_categories x ON x.address_id = own.id
     JOIN categories c ON c.id = x.category_id
     LEFT JOIN address_summary m ON m.address_id = own.id
     GROUP BY x.category_id, c.name
     ORDER BY count(*) DESC, c.name`,
    [subject.addressIds, subject.entityIds],
  );
  return rows.map((row) => ({
    categoryId: row.category_id,
    category: row.category,
    addresses: Number(row.addresses),
    totalVolumeUsd: row.volume,
  }));
}
