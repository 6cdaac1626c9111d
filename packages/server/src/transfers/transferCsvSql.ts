import { type TransferCsvField, transferCsvFields, urnKindPrefix } from "@sleuth/sdk";
import {
  csvNumberCellSql,
  csvPrefixedCellSql,
  csvQuotedTailSql,
  csvRecordSql,
  csvTextCellSql,
} from "../store/csvSql.ts";
import type { Queryable } from "../store/store.ts";
import type { SortKey } from "./cursor.ts";
import type { TransferScope } from "./scope.ts";
import { fencedPageRowsSql, fieldSeparatorSql, reversedOrder, sqlText } from "./sqlPieces.ts";
import { bulkLookups, pageColumns } from "./transferRows.ts";

/** A page of transfer rows as CSV records (each CRLF-terminated), with where the page ended. */
export interface TransferCsvPage {
  text: string;
  rows: number;
  /** The last row's position in the walk, where the next page starts. */
  last: SortKey;
}

const crlf = "chr(13) || chr(10)";

/**
 * What a record shows of each distinct lookup of the page (bulkLookups: its assets, addresses,
 * counterparties and counterparty entities), as cells, worked out once per distinct value rather
 * than per row. The asset's and the entity's fields are split as readBulkPageRows splits them (the
 * symbol and the entity's name are whatever follows the separators).
 */
const cellLookups = `asset_cells AS MATERIALIZED (
      SELECT s.id, s.decimals, s.chain, ('1e-' || s.decimals)::numeric AS unit,
        ${csvTextCellSql("s.urn")} AS urn, ${csvTextCellSql("substr(s.asset, length(s.decimals) + length(s.chain) + length(s.urn) + 4)")} AS symbol
      FROM (SELECT ast.id, ast.asset, split_part(ast.asset, ${fieldSeparatorSql}, 1) AS decimals,
          split_part(ast.asset, ${fieldSeparatorSql}, 2) AS chain, split_part(ast.asset, ${fieldSeparatorSql}, 3) AS urn
        FROM ast) s
    ),
    own_cells AS MATERIALIZED (
      SELECT id, address, ${csvTextCellSql("address")} AS cell, ${csvQuotedTailSql("address")} AS quoted FROM own
    ),
    cp_cells AS MATERIALIZED (
      SELECT id, address, ${csvTextCellSql("address")} AS cell, ${csvQuotedTailSql("address")} AS quoted,
        ${csvTextCellSql(`replace(categories, chr(30), '; ')`)} AS categories,
        CASE WHEN position(${fieldSeparatorSql} IN label) > 1
          THEN ${csvTextCellSql(`substr(label, 1, position(${fieldSeparatorSql} IN label) - 1)`)} END AS label_cell,
        CASE WHEN position(${fieldSeparatorSql} IN label) > 1
          THEN ${csvTextCellSql(`substr(label, position(${fieldSeparatorSql} IN label) + 1)`)} END AS source_cell
      FROM cps
    ),
    entity_cells AS MATERIALIZED (
      SELECT id, CASE WHEN position(${fieldSeparatorSql} IN entity) > 1
        THEN ${csvTextCellSql(`substr(entity, position(${fieldSeparatorSql} IN entity) + 1)`)} END AS name
      FROM ent
    )`;

/** A URN of `kind` over the row's chain and a canonical value the store holds (never re-checked). */
const urnCellSql = (kind: "address" | "transaction", value: string, quoted?: string) =>
  csvPrefixedCellSql(`${sqlText(urnKindPrefix(kind))} || p.chain || ':'`, value, quoted);

/** A stored amount in whole units, as the transfers module's unitsOf spells it (no trailing zeros). */
const unitsSql = (raw: string) => `trim_scale(${raw} * p.unit)::text`;

/**
 * Each cell of a transfer record over a page row `p` (transferCsvRow's 001 §3 rules, stated in
 * SQL): lists of one counterparty joined as the SDK joins them; outgoing amounts negated unless
 * zero; a missing USD amount or running balance empty. The timestamp, direction, chain and amounts
 * are digits and fixed words no CSV rule changes.
 */
function cellsSql(kind: TransferScope["kind"]): Record<TransferCsvField, string> {
  return {
    // Milliseconds, cut rather than rounded, as the transfers module's instantOf cuts its key.
    transactionTimestamp: `to_char(p.block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    transactionUrn: urnCellSql("transaction", "p.hash"),
    counterpartyAddressChainUrns: `CASE WHEN p.cp_address <> '' THEN ${urnCellSql("address", "p.cp_address", "p.cp_quoted")} END`,
    counterpartyEntities: "p.entity_name",
    direction: "p.direction",
    relevantAmountRaw: `CASE WHEN p.direction = 'outgoing' AND p.amount_raw <> 0 THEN '-' ELSE '' END || ${unitsSql("p.amount_raw")}`,
    relevantAmountUsd: csvNumberCellSql("p.usd"),
    runningBalanceRaw: kind === "address" ? unitsSql("p.balance_raw") : "NULL",
    asset: "p.symbol",
    counterpartyCategories: "p.categories",
    chain: "p.chain",
    assetUrn: "p.asset_urn",
    to: "CASE WHEN p.direction = 'outgoing' THEN p.cp_cell ELSE p.own_cell END",
    addressChainUrn: kind === "address" ? "NULL" : urnCellSql("address", "p.address", "p.own_quoted"),
    // The SDK's counterpartyNameOf: a non-empty owner name, else a non-empty label with its source.
    counterpartyName: "CASE WHEN p.entity_name <> '' THEN p.entity_name ELSE p.label_cell END",
    counterpartyNameKind:
      "CASE WHEN p.entity_name <> '' THEN 'entity' WHEN p.label_cell IS NOT NULL THEN 'label' END",
    counterpartyNameSource: "CASE WHEN p.entity_name <> '' THEN NULL ELSE p.source_cell END",
  };
}

/**
 * The bulk page statement (bulkRowsSql's walk and lookups) answering the page as CSV text in
 * `order` (over `p`), exactly the bytes transferCsvRow and the SDK's writer make of the same rows,
 * so an export streams the store's text to its file instead of decoding and re-encoding each row.
 * Each row's values are read once behind a fence (OFFSET 0), so a cell that looks at its value more
 * than once never reads a lookup twice.
 */
export function bulkCsvSql(rows: string, order: string, kind: TransferScope["kind"]): string {
  const cells = cellsSql(kind);
  const record = csvRecordSql(transferCsvFields.map((field) => cells[field]));
  return `WITH page AS MATERIALIZED (${rows}),
    ${bulkLookups},
    ${cellLookups}
    SELECT string_agg(${record}, ${crlf} ORDER BY ${order}) || ${crlf} AS text, count(*)::int AS rows,
      (SELECT ${pageColumns.ts_key} || ' ' || p.id FROM page p ORDER BY ${reversedOrder(order)} LIMIT 1) AS last
    FROM (
      ${fencedPageRowsSql(
        "page",
        { asset: "asset_cells", own: "own_cells", cp: "cp_cells", entity: "entity_cells" },
        "o.cell AS own_cell, o.quoted AS own_quoted, c.cell AS cp_cell, c.quoted AS cp_quoted, e.name AS entity_name, c.label_cell, c.source_cell",
      )}) p`;
}

/** Runs a bulkCsvSql statement; null for an empty page. */
export async function readCsvPage(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<TransferCsvPage | null> {
  const [answer] = await db.query<{ text: string | null; rows: number; last: string }>(sql, params);
  if (!answer || answer.text === null || Number(answer.rows) === 0) return null;
  const [timestamp = "", id = ""] = answer.last.split(" ");
  return { text: answer.text, rows: Number(answer.rows), last: [timestamp, id] };
}
