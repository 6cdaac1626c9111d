import { urnKindPrefix } from "@sleuth/sdk";
import { csvNumberCellSql, type Queryable } from "../store/index.ts";
import type { SortKey } from "./cursor.ts";
import type { TransferScope } from "./scope.ts";
import { fencedPageRowsSql, fieldSeparatorSql, reversedOrder, sqlText } from "./sqlPieces.ts";
import { bulkLookups, pageColumns } from "./transferRows.ts";

/** A page of transfer rows as JSON texts, joined by a separator, with the walk's positions. */
export interface TransferJsonPage {
  text: string;
  /** Rows in the text. */
  rows: number;
  /** Rows the walk found (one more than the page holds when another page follows). */
  found: number;
  /** The first and the last row's position in the walk (null on an empty page). */
  first: StoredKey | null;
  last: StoredKey | null;
}

/** A row's position as the statement answers it: its timestamp key, its USD sort value, its id. */
export interface StoredKey {
  ts: string;
  usd: number;
  id: string;
}

/** A text value as its JSON string: PostgreSQL escapes exactly the characters JSON.stringify does. */
const jsonString = (value: string) => `to_json((${value})::text)::text`;

/**
 * What a row shows of each distinct lookup of the page (bulkLookups), as JSON fragments worked out
 * once per distinct value. The asset's and the entity's fields are split as readBulkPageRows splits
 * them: the symbol and the entity's name are whatever follows the separators; an entity shows only
 * with both its URN and its name, as transferRowOf keeps it.
 */
const jsonLookups = `asset_json AS MATERIALIZED (
      SELECT s.id, s.chain, ('1e-' || s.decimals)::numeric AS unit, ${jsonString("s.urn")} AS urn,
        ${jsonString("substr(s.asset, length(s.decimals) + length(s.chain) + length(s.urn) + 4)")} AS symbol
      FROM (SELECT ast.id, ast.asset, split_part(ast.asset, ${fieldSeparatorSql}, 1) AS decimals,
          split_part(ast.asset, ${fieldSeparatorSql}, 2) AS chain, split_part(ast.asset, ${fieldSeparatorSql}, 3) AS urn
        FROM ast) s
    ),
    own_json AS MATERIALIZED (SELECT id, address, ${jsonString("address")} AS json FROM own),
    cp_json AS MATERIALIZED (
      SELECT id, address, ${jsonString("address")} AS json,
        CASE WHEN categories <> '' THEN '[' || (SELECT string_agg('{"category":' || ${jsonString("c")} || '}', ',' ORDER BY n)
          FROM unnest(string_to_array(categories, chr(30))) WITH ORDINALITY AS u(c, n)) || ']' END AS categories
      FROM cps
    ),
    entity_json AS MATERIALIZED (
      SELECT id, CASE WHEN position(${fieldSeparatorSql} IN entity) > 1 AND length(entity) > position(${fieldSeparatorSql} IN entity)
        THEN '[{"entity":' || ${jsonString(`substr(entity, position(${fieldSeparatorSql} IN entity) + 1)`)}
          || ',"entityUrn":' || ${jsonString(`left(entity, position(${fieldSeparatorSql} IN entity) - 1)`)} || '}]' END AS entities
      FROM ent
    )`;

/** A URN of `kind` over the row's chain and a canonical value the store holds, as a JSON string. */
const urnJson = (kind: "address" | "transaction", value: string) =>
  jsonString(`${sqlText(urnKindPrefix(kind))} || p.chain || ':' || ${value}`);

/** A stored amount in whole units, as the transfers module's unitsOf spells it (no trailing zeros). */
const unitsSql = (raw: string) => `trim_scale(${raw} * p.unit)::text`;

/**
 * Each member of a 001 §3 transfer row over a page row `p`, as transferRowOf builds it and in its
 * order (JSON.stringify writes an object's members in the order they were set): outgoing amounts
 * negated unless zero, USD null when there is no price (and where JSON.stringify writes a number as
 * null), a number spelled as Number#toString spells it; entity tables add the entity's own address.
 */
function membersSql(kind: TransferScope["kind"]): [string, string][] {
  const members: [string, string][] = [
    [
      "transactionTimestamp",
      `'"' || to_char(p.block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`,
    ],
    ["transactionUrn", urnJson("transaction", "p.hash")],
    ["to", `CASE WHEN p.direction = 'outgoing' THEN coalesce(p.cp_json, '""') ELSE p.own_json END`],
    ["counterpartyEntities", "coalesce(p.entities, '[]')"],
    [
      "counterpartyAddressChainUrns",
      `CASE WHEN p.cp_address <> '' THEN '[' || ${urnJson("address", "p.cp_address")} || ']' ELSE '[]' END`,
    ],
    ["counterpartyCategories", "coalesce(p.categories, '[]')"],
    ["chain", jsonString("p.chain")],
    ["direction", jsonString("p.direction")],
    [
      "relevantAmountRaw",
      `'"' || CASE WHEN p.direction = 'outgoing' AND p.amount_raw <> 0 THEN '-' ELSE '' END || ${unitsSql("abs(p.amount_raw)")} || '"'`,
    ],
    [
      "relevantAmountUsd",
      `CASE WHEN p.usd IS NULL OR p.usd IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN 'null'
        ELSE ${csvNumberCellSql("p.usd")} END`,
    ],
    ["runningBalanceRaw", kind === "address" ? `'"' || ${unitsSql("p.balance_raw")} || '"'` : "'null'"],
    ["assetUrn", "p.asset_urn"],
    ["asset", "p.symbol"],
  ];
  if (kind !== "address") members.push(["addressChainUrn", urnJson("address", "p.address")]);
  return members;
}

/** Members as one JSON object's text, built in one piece (concat) rather than a || per member. */
function objectSql(members: [string, string][]): string {
  const parts = members.flatMap(([name, value], index) => [
    sqlText(`${index === 0 ? "{" : ","}${JSON.stringify(name)}:`),
    value,
  ]);
  return `concat(${[...parts, "'}'"].join(", ")})`;
}

/** A page row's position as one text: its timestamp key, its id and its USD sort value. */
const keySql = `${pageColumns.ts_key} || ' ' || p.id || ' ' || coalesce(p.amount_usd, -1)::text`;

/**
 * The bulk page statement (bulkRowsSql's walk and lookups) answering the first `size` rows of the
 * walk in `order` (over `p`) as JSON texts joined by `separator`, exactly the bytes JSON.stringify
 * writes of transferRowOf's rows (tests/server/transferPageText.test.ts), with how many rows the
 * walk found and where the page starts and ends: a page of rows is handed to the socket as the store
 * wrote it instead of decoded into objects and encoded again. Each row's values are read once
 * behind a fence (OFFSET 0), so a member that looks at a value twice never reads a lookup twice.
 */
export function bulkJsonSql(
  rows: string,
  order: string,
  kind: TransferScope["kind"],
  size: number,
  separator: string,
): string {
  const json = objectSql(membersSql(kind));
  return `WITH page AS MATERIALIZED (${rows}),
    ${bulkLookups},
    ${jsonLookups},
    kept AS MATERIALIZED (SELECT * FROM page p ORDER BY ${order} LIMIT ${Math.trunc(size)})
    SELECT string_agg(${json}, ${sqlText(separator)} ORDER BY ${order}) AS text, count(*)::int AS rows,
      (SELECT count(*)::int FROM page) AS found,
      (SELECT ${keySql} FROM kept p ORDER BY ${order} LIMIT 1) AS first,
      (SELECT ${keySql} FROM kept p ORDER BY ${reversedOrder(order)} LIMIT 1) AS last
    FROM (
      ${fencedPageRowsSql(
        "kept",
        { asset: "asset_json", own: "own_json", cp: "cp_json", entity: "entity_json" },
        "o.json AS own_json, c.json AS cp_json, e.entities",
      )}) p`;
}

function storedKeyOf(text: string | null): StoredKey | null {
  if (text === null) return null;
  const [ts = "", id = "", usd = "-1"] = text.split(" ");
  return { ts, id, usd: Number(usd) };
}

/** Runs a bulkJsonSql statement. */
export async function readJsonPage(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<TransferJsonPage> {
  const [answer] = await db.query<{
    text: string | null;
    rows: number;
    found: number;
    first: string | null;
    last: string | null;
  }>(sql, params);
  return {
    text: answer?.text ?? "",
    rows: Number(answer?.rows ?? 0),
    found: Number(answer?.found ?? 0),
    first: storedKeyOf(answer?.first ?? null),
    last: storedKeyOf(answer?.last ?? null),
  };
}

/** A stored position as a cursor's key in `column`'s sort (listing.ts keyOf, for a page row). */
export function sortKeyOf(key: StoredKey, column: "timestamp" | "usdAmount"): SortKey {
  return [column === "timestamp" ? key.ts : key.usd, key.id];
}
