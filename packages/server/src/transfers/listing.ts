import {
  type EntityTransferRow,
  parseUrn,
  type TransferFilters,
  type TransferJumpTo,
  type TransferPageMeta,
  type TransferRow,
  type TransferSort,
  transferRequestMessages,
} from "@sleuth/sdk";
import { notFound } from "../http/errors.ts";
import type { Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import {
  type Cursor,
  decodeListingCursor,
  encodeListingCursor,
  listingFingerprint,
  type SortKey,
} from "./cursor.ts";
import { filterPredicates } from "./filterSql.ts";
import type { TransferScope } from "./scope.ts";
import { SqlParams } from "./sqlParams.ts";
import { bulkCsvSql, readCsvPage } from "./transferCsvSql.ts";
import {
  bulkPageRowsSql,
  bulkRowsSql,
  type PageRow,
  pageRowsSql,
  readBulkPageRows,
  readPageRows,
  transferRowOf,
} from "./transferRows.ts";

export interface ListingRequest {
  pageSize: number;
  after?: string | undefined;
  jumpTo?: TransferJumpTo | undefined;
  filters: TransferFilters;
  sort: TransferSort;
}

/** The sort value of a row, as SQL over `t`: the timestamp, or USD with a missing price lowest. */
const sortValueSql = {
  timestamp: "t.block_timestamp",
  usdAmount: "coalesce(t.amount_usd, -1)",
} as const;
const sortValueCast = { timestamp: "::timestamptz", usdAmount: "::float8" } as const;

/** Beyond any id: a bound at (time, this) holds every row of that time. */
const lastId = "9223372036854775807";

/**
 * Where a page starts: after a position (exclusive) or at it (inclusive), walking in the sort's
 * order (`forward`) or against it toward the newest rows of a descending sort (`backward`).
 */
interface Bound {
  key: SortKey;
  inclusive: boolean;
}

type Walk = "forward" | "backward";

/**
 * The statement of one page of rows in walk order, up to `limit` after skipping `offset`, from the
 * subject's index (no scan of the table), with what each row shows (pageRowsSql).
 */
function walkStatement(
  scope: TransferScope,
  predicates: (params: SqlParams) => string[],
  sort: TransferSort,
  direction: Walk,
  bound: Bound | null,
  limit: number,
  offset: number,
  shape: (rows: string, order: string) => string,
): { sql: string; values: unknown[] } {
  const params = new SqlParams();
  const where = predicates(params);
  // Descending in the sort's order, walking forward, means "smaller than the bound".
  const descending = (sort.direction === "desc") === (direction === "forward");
  const order = descending ? "DESC" : "ASC";
  const value = sortValueSql[sort.column];
  if (bound) {
    const comparison = `${descending ? "<" : ">"}${bound.inclusive ? "=" : ""}`;
    where.push(
      `(${value}, t.id) ${comparison} (${params.add(bound.key[0], sortValueCast[sort.column])}, ${params.add(bound.key[1], "::bigint")})`,
    );
  }
  // Each subject id's walk stops after the rows the page could need; the page itself is cut after.
  const limitParam = params.add(limit + offset, "::int");
  const groups: string[] = [];
  const walkOf = (column: "address_id" | "entity_id", id: string) =>
    `SELECT t.*, ${value} AS sort_value FROM transfers t
     WHERE t.${column} = ${id}${where.map((predicate) => ` AND ${predicate}`).join("")}
     ORDER BY ${value} ${order}, t.id ${order} LIMIT ${limitParam}`;
  // One subject id is a plain condition the planner estimates from its statistics (a busy address
  // walks its index in order); several (a custom entity's members) walk each one's index, merged.
  const groupOf = (column: "address_id" | "entity_id", ids: number[]) =>
    ids.length === 1
      ? walkOf(column, params.add(ids[0], "::bigint"))
      : `SELECT m.* FROM unnest(${params.add(ids, "::bigint[]")}) AS s(id) CROSS JOIN LATERAL (${walkOf(column, "s.id")}) m`;
  if (scope.addressIds.length > 0) groups.push(groupOf("address_id", scope.addressIds));
  if (scope.entityIds.length > 0) groups.push(groupOf("entity_id", scope.entityIds));
  const plain = offset === 0 && scope.addressIds.length + scope.entityIds.length === 1;
  const rows = plain
    ? groups[0]!
    : `SELECT * FROM (${groups.map((group) => `(${group})`).join(" UNION ")}) u ORDER BY u.sort_value ${order}, u.id ${order} LIMIT ${params.add(limit, "::int")} OFFSET ${params.add(offset, "::int")}`;
  return { sql: shape(rows, `p.sort_value ${order}, p.id ${order}`), values: params.values };
}

/**
 * Pages larger than this are read as one JSON text (bulkPageRowsSql): `sleuth transfers` and the
 * exports read a thousand rows a page; the console's pages (001 §9: 30) stay on the plain statement,
 * which plans faster.
 */
const bulkPageRows = 100;

/** One page of rows in walk order (walkStatement), read. */
async function walk(
  db: Queryable,
  scope: TransferScope,
  predicates: (params: SqlParams) => string[],
  sort: TransferSort,
  direction: Walk,
  bound: Bound | null,
  limit: number,
  offset = 0,
): Promise<PageRow[]> {
  if (scope.addressIds.length === 0 && scope.entityIds.length === 0) return [];
  const bulk = limit > bulkPageRows;
  const shape = bulk ? bulkPageRowsSql : pageRowsSql;
  const statement = walkStatement(scope, predicates, sort, direction, bound, limit, offset, shape);
  return (bulk ? readBulkPageRows : readPageRows)(db, statement.sql, statement.values);
}

/** The key of the subject's newest row of a transaction, where a jump to it lands (001 §4). */
async function transactionKey(db: Queryable, scope: TransferScope, transactionUrn: string): Promise<SortKey> {
  const parts = parseUrn(transactionUrn);
  const found =
    parts?.kind === "transaction" && (scope.addressIds.length > 0 || scope.entityIds.length > 0)
      ? await db.query<{ key: string; id: string }>(
          `SELECT to_char(t.block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key, t.id::text AS id
           FROM transactions x JOIN transfers t ON t.transaction_id = x.id
           WHERE x.hash = $1 AND x.chain = $2 AND (t.address_id = ANY($3::bigint[]) OR t.entity_id = ANY($4::int[]))
           ORDER BY t.block_timestamp DESC, t.id DESC LIMIT 1`,
          [parts.hash, parts.chain, scope.addressIds, scope.entityIds],
        )
      : [];
  const [row] = found;
  if (!row) throw notFound(transferRequestMessages.jumpTargetMissing);
  return [row.key, row.id];
}

/** Filter URNs are resolved once; each walk adds the predicates to its own parameters. */
async function predicatesOf(
  db: Queryable,
  filters: TransferFilters,
  viewer: Viewer,
): Promise<(params: SqlParams) => string[]> {
  const probe = new SqlParams();
  const resolved = await filterPredicates(db, filters, probe, viewer);
  return (params: SqlParams) => {
    const offset = params.values.length;
    params.values.push(...probe.values);
    return resolved.map((predicate) => predicate.replaceAll(/\$(\d+)/g, (_, n) => `$${Number(n) + offset}`));
  };
}

export interface TransferListing<Row> {
  data: Row[];
  meta: TransferPageMeta;
}

/** A page as JSON texts of its 001 §3 rows joined by a separator (listTransferText). */
export interface TransferListingText {
  text: string;
  rows: number;
  meta: TransferPageMeta;
}

/** One page's rows as a body: how many, and the first and the last row's positions. */
interface ReadPage<Body> {
  body: Body;
  rows: number;
  first: SortKey | null;
  last: SortKey | null;
}

/** How a page's rows become its body. */
interface PageBody<Body> {
  ofRows(rows: PageRow[], sort: TransferSort): ReadPage<Body>;
}

/** How many rows, and the first and the last one's positions in `sort`. */
function edgesOf(rows: PageRow[], sort: TransferSort): Omit<ReadPage<unknown>, "body"> {
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows: rows.length,
    first: first ? keyOf(first, sort) : null,
    last: last ? keyOf(last, sort) : null,
  };
}

/** A page's body as the 001 §3 row objects. */
function objectsOf(kind: TransferScope["kind"]): PageBody<(TransferRow | EntityTransferRow)[]> {
  return {
    ofRows: (rows, sort) => ({
      body: rows.map((row) => transferRowOf(row, kind)),
      ...edgesOf(rows, sort),
    }),
  };
}

/** A page's body as its rows' JSON texts (JSON.stringify of transferRowOf's rows) joined by `separator`. */
function textsOf(kind: TransferScope["kind"], separator: string): PageBody<string> {
  return {
    ofRows: (rows, sort) => ({
      body: rows.map((row) => JSON.stringify(transferRowOf(row, kind))).join(separator),
      ...edgesOf(rows, sort),
    }),
  };
}

/**
 * One page of a subject's transfers (001 §4): the first page, the page a cursor points to (either
 * way), or the page a jump-to lands on, which starts at the jumped-to transaction (or the last
 * transfer at or before the jumped-to time) in timestamp descending order.
 */
export async function listTransfers(
  db: Queryable,
  scope: TransferScope,
  request: ListingRequest,
  viewer: Viewer,
): Promise<TransferListing<TransferRow | EntityTransferRow>> {
  const page = await listPage(db, scope, request, viewer, objectsOf(scope.kind));
  return { data: page.body, meta: page.meta };
}

/**
 * 001 §7 the offset form of a listing: `limit` rows after skipping `offset` in the subject's index
 * walk (its cost grows with the offset), as listTransferText's JSON texts, and whether more follow.
 */
export async function listTransferTextAt(
  db: Queryable,
  scope: TransferScope,
  request: { offset: number; limit: number; filters: TransferFilters; sort: TransferSort },
  viewer: Viewer,
): Promise<{ text: string; hasMore: boolean }> {
  const predicates = await predicatesOf(db, request.filters, viewer);
  const found = await walk(
    db,
    scope,
    predicates,
    request.sort,
    "forward",
    null,
    request.limit + 1,
    request.offset,
  );
  const page = textsOf(scope.kind, ",").ofRows(found.slice(0, request.limit), request.sort);
  return { text: page.body, hasMore: found.length > request.limit };
}

/**
 * listTransfers' page as the JSON texts of its rows joined by `separator` (`,` inside the `{data,
 * meta}` envelope, a line end for NDJSON): what the routes hand to the socket.
 */
export async function listTransferText(
  db: Queryable,
  scope: TransferScope,
  request: ListingRequest,
  viewer: Viewer,
  separator: string,
): Promise<TransferListingText> {
  const page = await listPage(db, scope, request, viewer, textsOf(scope.kind, separator));
  return { text: page.body, rows: page.rows, meta: page.meta };
}

async function listPage<Body>(
  db: Queryable,
  scope: TransferScope,
  request: ListingRequest,
  viewer: Viewer,
  shape: PageBody<Body>,
): Promise<{ body: Body; rows: number; meta: TransferPageMeta }> {
  const listing = listingFingerprint(scope.urn, request.filters);
  const predicates = await predicatesOf(db, request.filters, viewer);
  const cursor: Cursor | null = request.after
    ? decodeListingCursor(request.after, listing, transferRequestMessages.foreignCursor)
    : null;
  const sort: TransferSort =
    cursor?.sort ?? (request.jumpTo ? { column: "timestamp", direction: "desc" } : request.sort);
  const size = request.pageSize;

  let page: ReadPage<Body>;
  let hasNext: boolean;
  let hasPrevious: boolean;
  // Where an empty page stands, so its one cursor still leads back to the rows beside it.
  let anchor: SortKey | null = cursor?.key ?? null;
  if (cursor?.direction === "previous") {
    const found = await walk(
      db,
      scope,
      predicates,
      sort,
      "backward",
      { key: cursor.key, inclusive: false },
      size + 1,
    );
    hasPrevious = found.length > size;
    page = shape.ofRows(found.slice(0, size).reverse(), sort);
    hasNext = true;
  } else {
    let bound: Bound | null = cursor ? { key: cursor.key, inclusive: false } : null;
    if (request.jumpTo && "transactionUrn" in request.jumpTo)
      bound = { key: await transactionKey(db, scope, request.jumpTo.transactionUrn), inclusive: true };
    else if (request.jumpTo) bound = { key: [request.jumpTo.timestamp, lastId], inclusive: true };
    anchor = bound?.key ?? null;
    const found = await walk(db, scope, predicates, sort, "forward", bound, size + 1);
    hasNext = found.length > size;
    page = shape.ofRows(found.slice(0, size), sort);
    const top = page.first ?? bound?.key;
    hasPrevious =
      cursor !== null ||
      (request.jumpTo !== undefined &&
        top !== undefined &&
        (await walk(db, scope, predicates, sort, "backward", { key: top, inclusive: false }, 1)).length > 0);
  }
  const edge = (direction: Cursor["direction"], key: SortKey | null) =>
    key
      ? encodeListingCursor({ direction, key, sort, listing })
      : anchor
        ? encodeListingCursor({ direction, key: anchor, sort, listing })
        : null;
  const previousCursor = hasPrevious ? edge("previous", page.first) : null;
  const nextCursor = hasNext ? edge("next", page.last) : null;
  return { body: page.body, rows: page.rows, meta: { nextCursor, previousCursor, pageSize: size, sort } };
}

/** A row's position in `sort`: its timestamp key, or its USD amount with a missing price as -1. */
function keyOf(row: PageRow, sort: TransferSort): SortKey {
  return [sort.column === "timestamp" ? row.ts_key : (row.amount_usd ?? -1), row.id];
}

/** How many rows a listing holds (the `/count` calls). */
export async function countTransfers(
  db: Queryable,
  scope: TransferScope,
  filters: TransferFilters,
  viewer: Viewer,
): Promise<number> {
  if (scope.addressIds.length === 0 && scope.entityIds.length === 0) return 0;
  const params = new SqlParams();
  const where = (await filterPredicates(db, filters, params, viewer)).map((p) => ` AND ${p}`).join("");
  const groups: string[] = [];
  if (scope.addressIds.length > 0)
    groups.push(
      `SELECT t.id FROM transfers t WHERE t.address_id = ANY(${params.add(scope.addressIds, "::bigint[]")})${where}`,
    );
  if (scope.entityIds.length > 0)
    groups.push(
      `SELECT t.id FROM transfers t WHERE t.entity_id = ANY(${params.add(scope.entityIds, "::int[]")})${where}`,
    );
  const [row] = await db.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM (${groups.join(" UNION ")}) u`,
    params.values,
  );
  return Number(row?.count ?? 0);
}

const newestFirst: TransferSort = { column: "timestamp", direction: "desc" };

/**
 * The statement reading a subject's newest `limit` rows, unfiltered, as plain rows with a bulk
 * page's lookups (bulkRowsSql): what the export benchmark hands the store's own COPY to compare the
 * export with, the same rows read the way the export reads them, without the CSV text (bulkCsvSql).
 */
export function newestTransfersStatement(
  scope: TransferScope,
  limit: number,
): { sql: string; values: unknown[] } {
  return walkStatement(scope, () => [], newestFirst, "forward", null, limit, 0, bulkRowsSql);
}

/** A bulk read of a listing: its subject, filters and reader, a window of it, and rows per group. */
export interface BulkListing {
  scope: TransferScope;
  filters: TransferFilters;
  viewer: Viewer;
  window: { offset: number; limit: number };
  pageRows: number;
}

/** One group of a bulk walk as read: what it yields, how many rows it held, where it ended. */
interface WalkedGroup<Group> {
  group: Group;
  rows: number;
  last: SortKey;
}

/**
 * The rows `offset`..`offset + limit` of a listing, newest first, a group of `pageRows` at a time
 * (the bulk export, issue 29): the first group skips `offset` rows in the subject's index walk, each
 * next one starts after the last row read (keyset), so every group is one ordered index walk and
 * nothing sorts the subject's whole listing. `read` reads one group (null when it is empty).
 */
async function* keysetGroups<Group>(
  window: { offset: number; limit: number },
  pageRows: number,
  read: (bound: Bound | null, size: number, offset: number) => Promise<WalkedGroup<Group> | null>,
): AsyncGenerator<Group> {
  let left = window.limit;
  let last: SortKey | null = null;
  while (left > 0) {
    const size = Math.min(pageRows, left);
    const walked = await read(last ? { key: last, inclusive: false } : null, size, last ? 0 : window.offset);
    if (!walked) return;
    yield walked.group;
    left -= walked.rows;
    last = walked.last;
    if (walked.rows < size) return;
  }
}

/** A listing's rows as the table's own 001 §3 rows, a group at a time (keysetGroups). */
export async function* transferRowPages(
  db: Queryable,
  { scope, filters, viewer, window, pageRows }: BulkListing,
): AsyncGenerator<(TransferRow | EntityTransferRow)[]> {
  const predicates = await predicatesOf(db, filters, viewer);
  yield* keysetGroups(window, pageRows, async (bound, size, offset) => {
    const rows = await walk(db, scope, predicates, newestFirst, "forward", bound, size, offset);
    const last = rows.at(-1);
    if (!last) return null;
    const group = rows.map((row) => transferRowOf(row, scope.kind));
    return { group, rows: rows.length, last: keyOf(last, newestFirst) };
  });
}

/**
 * The same rows as transferRowPages, as the CSV records transferCsvRow and the SDK's writer make of
 * them, written by the store itself (bulkCsvSql): a group's text is one field to stream to a file.
 */
export async function* transferCsvPages(
  db: Queryable,
  { scope, filters, viewer, window, pageRows }: BulkListing,
): AsyncGenerator<{ text: string; rows: number }> {
  if (scope.addressIds.length === 0 && scope.entityIds.length === 0) return;
  const predicates = await predicatesOf(db, filters, viewer);
  const shape = (rows: string, order: string) => bulkCsvSql(rows, order, scope.kind);
  yield* keysetGroups(window, pageRows, async (bound, size, offset) => {
    const statement = walkStatement(scope, predicates, newestFirst, "forward", bound, size, offset, shape);
    const page = await readCsvPage(db, statement.sql, statement.values);
    return page && { group: { text: page.text, rows: page.rows }, rows: page.rows, last: page.last };
  });
}
