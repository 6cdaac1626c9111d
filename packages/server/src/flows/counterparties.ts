import {
  addressChainUrn,
  type ChainId,
  type CounterpartyFilters,
  type CounterpartyKind,
  type CounterpartyRow,
  type CounterpartySort,
  customEntityUrn,
  entityUrn,
  parseUrn,
  riskScoreLevelOf,
  riskScoreLevels,
  type TxDateRange,
} from "@sleuth/sdk";
import { customEntityVisibleSql } from "../customEntities/visibility.ts";
import { customEntityMembers, type Viewer } from "../metrics/subjects.ts";
import { attributionLabelOf, bestLabelSql } from "../search/addressLabel.ts";
import type { Queryable } from "../store/store.ts";
import { numberFilterSql } from "./filterSql.ts";
import { type FlowSubjectRows, subjectTransfersSql, txDateBounds } from "./flowSubjects.ts";

/**
 * How counterparties are grouped: the 002 §7 summary names an attributed counterparty by its entity
 * and an unattributed one by its address ("mixed"); the by-counterparty-{kind} lists group by that
 * kind only (an address list shows attributed addresses too; an entity list only named ones).
 */
export type CounterpartyGrouping = "mixed" | CounterpartyKind;

export interface CounterpartyQuery {
  grouping: CounterpartyGrouping;
  txDate?: TxDateRange;
  includeNamedEntitiesOnly?: boolean;
  /** 000 §9 risk score level floor. */
  riskScoreLevel?: number;
  /** 000 §5 header filters (transfer count, total volume, the counterparty's URN). */
  filters?: CounterpartyFilters;
  sort?: CounterpartySort;
  limit: number;
  offset: number;
}

/** The lowest categoryRiskScoreLevel whose 000 §9 risk score level reaches `floor`; null: no floor. */
export function categoryLevelFloor(floor: number | undefined): number | null {
  if (floor === undefined || floor <= riskScoreLevels[0]) return null;
  for (let level = 0; level <= 15; level++) if (riskScoreLevelOf(level) >= floor) return level;
  return 16;
}

// USD of a group is known when at least one of its transfers was priced.
const aggregates = `CASE WHEN bool_or(priced) THEN coalesce(sum(in_usd), 0) END AS in_usd,
        CASE WHEN bool_or(priced) THEN coalesce(sum(out_usd), 0) END AS out_usd,
        CASE WHEN bool_or(priced) THEN coalesce(sum(in_usd), 0) + coalesce(sum(out_usd), 0) END AS total_usd,
        sum(in_n) AS in_n, sum(out_n) AS out_n, min(first_at) AS first_at, max(last_at) AS last_at,
        sum(unpriced_n) AS unpriced_n`;

/** The store ids of pasted address and entity URNs (000 §5 URN filters); unknown URNs have none. */
export async function counterpartyIdsOfUrns(
  db: Queryable,
  urns: readonly string[],
): Promise<{ addressIds: number[]; entityIds: number[] }> {
  const chains: string[] = [];
  const values: string[] = [];
  for (const urn of urns) {
    const parts = parseUrn(urn);
    if (parts?.kind === "address") {
      chains.push(parts.chain);
      values.push(parts.address);
    }
  }
  const ids = await db.query<{ kind: string; id: string | number }>(
    `SELECT 'address' AS kind, a.id FROM unnest($1::text[], $2::text[]) AS u(chain, address)
       JOIN addresses a ON a.chain = u.chain AND a.address = u.address
     UNION ALL SELECT 'entity', e.id FROM entities e WHERE e.urn = ANY($3::text[])`,
    [chains, values, urns],
  );
  return {
    addressIds: ids.filter((row) => row.kind === "address").map((row) => Number(row.id)),
    entityIds: ids.filter((row) => row.kind === "entity").map((row) => Number(row.id)),
  };
}

/**
 * The 000 §5 header filters as a condition on the grouped rows (`g`), its values appended to
 * `params`: a number filter compares the group's figure (a null volume matches nothing), a URN
 * filter keeps the groups of those addresses and entities (looked up first; unknown URNs keep none).
 */
async function counterpartyFilterSql(
  db: Queryable,
  filters: CounterpartyFilters | undefined,
  params: unknown[],
): Promise<string> {
  if (!filters) return "true";
  const parts: string[] = [];
  numberFilterSql("(in_n + out_n)", filters.totalTransfers, params, parts);
  numberFilterSql("total_usd", filters.totalVolumeUsd, params, parts);
  if (filters.counterpartyUrn) {
    const ids = await counterpartyIdsOfUrns(db, filters.counterpartyUrn);
    params.push(ids.addressIds);
    const addresses = params.length;
    params.push(ids.entityIds);
    const entities = params.length;
    parts.push(`((kind = 'address' AND key = ANY($${addresses}::bigint[]))
      OR (kind = 'entity' AND key = ANY($${entities}::bigint[])))`);
  }
  return parts.length === 0 ? "true" : parts.join(" AND ");
}

const sortColumns = {
  totalVolumeUsd: "total_usd",
  incomingVolumeUsd: "in_usd",
  outgoingVolumeUsd: "out_usd",
  totalTransfers: "(in_n + out_n)",
  lastTransferAt: "last_at",
} as const;

// Each counterparty address's flows with the subject per asset. All time: the address_counterparties
// rollup of the subject's addresses (an entity's through addresses_entity_idx); with a date range,
// the subject's transfers in that range (an index range per arm of subjectTransfersSql). A counterparty
// inside the subject (its own addresses, a member) is not a counterparty.
function sourceSql(ranged: boolean): string {
  if (ranged) {
    return `SELECT t.counterparty_id AS cp_id, t.counterparty_entity_id AS cp_entity, t.asset_id,
        CASE WHEN t.direction = 'incoming' THEN t.amount_usd END AS in_usd,
        CASE WHEN t.direction = 'outgoing' THEN t.amount_usd END AS out_usd,
        (t.direction = 'incoming')::int AS in_n, (t.direction = 'outgoing')::int AS out_n,
        t.block_timestamp AS first_at, t.block_timestamp AS last_at, t.amount_usd IS NOT NULL AS priced,
        (t.amount_usd IS NULL)::int AS unpriced_n
      FROM transfers t
      WHERE ${subjectTransfersSql(1, 2)} AND t.counterparty_id IS NOT NULL
        AND t.block_timestamp >= coalesce($3::timestamptz, '-infinity') AND t.block_timestamp < coalesce($4::timestamptz, 'infinity')
        AND NOT (t.counterparty_id = ANY($1::bigint[]) OR coalesce(t.counterparty_entity_id = ANY($2::int[]), false))`;
  }
  return `SELECT ac.counterparty_id AS cp_id, ca.entity_id AS cp_entity, ac.asset_id,
        ac.incoming_usd AS in_usd, ac.outgoing_usd AS out_usd, ac.incoming_transfers AS in_n,
        ac.outgoing_transfers AS out_n, ac.first_transfer_at AS first_at, ac.last_transfer_at AS last_at,
        ac.incoming_unpriced + ac.outgoing_unpriced < ac.incoming_transfers + ac.outgoing_transfers AS priced,
        ac.incoming_unpriced + ac.outgoing_unpriced AS unpriced_n
      FROM (SELECT unnest($1::bigint[]) AS id UNION SELECT id FROM addresses WHERE entity_id = ANY($2::int[])) own
      JOIN address_counterparties ac ON ac.address_id = own.id
      JOIN addresses ca ON ca.id = ac.counterparty_id
      WHERE NOT (ac.counterparty_id = ANY($1::bigint[]) OR coalesce(ca.entity_id = ANY($2::int[]), false))
        AND $3::timestamptz IS NULL AND $4::timestamptz IS NULL`;
}

const groupKeyOf: Record<
  Exclude<CounterpartyGrouping, "custom-entity">,
  { kind: string; key: string; where: string }
> = {
  mixed: {
    kind: "CASE WHEN cp_entity IS NOT NULL THEN 'entity' ELSE 'address' END",
    key: "coalesce(cp_entity::bigint, cp_id)",
    where: "true",
  },
  entity: { kind: "'entity'", key: "cp_entity::bigint", where: "cp_entity IS NOT NULL" },
  address: { kind: "'address'", key: "cp_id", where: "true" },
};

interface CounterpartySqlRow {
  kind: CounterpartyKind;
  key: string | number;
  in_usd: number | null;
  out_usd: number | null;
  total_usd: number | null;
  in_n: string | number;
  out_n: string | number;
  first_at: Date | string;
  last_at: Date | string;
  slug: string | null;
  name: string | null;
  uuid: string | null;
  chain: ChainId | null;
  address: string | null;
  category: string | null;
  level: number | null;
  /** The address counterparty's best label (search/addressLabel.ts). */
  label: string | null;
  /** Of the transfers, those without a USD price (issue 43). */
  unpriced_n: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function rowOf(row: CounterpartySqlRow): CounterpartyRow {
  const inN = Number(row.in_n);
  const outN = Number(row.out_n);
  const addressUrn = row.chain && row.address ? addressChainUrn(row.chain, row.address) : null;
  const ownerUrn =
    row.kind === "entity" && row.slug ? entityUrn(row.slug) : row.uuid ? customEntityUrn(row.uuid) : null;
  return {
    counterpartyUrn: (row.kind === "address" ? addressUrn : ownerUrn) ?? String(row.key),
    counterpartyType: row.kind,
    name: row.name,
    entityUrn: ownerUrn,
    addressChainUrn: addressUrn,
    chain: row.chain,
    category: row.category,
    categoryRiskScoreLevel: row.level ?? 0,
    riskScoreLevel: riskScoreLevelOf(row.level),
    incomingVolumeUsd: row.in_usd,
    outgoingVolumeUsd: row.out_usd,
    totalVolumeUsd: row.total_usd,
    incomingTransfers: inN,
    outgoingTransfers: outN,
    totalTransfers: inN + outN,
    firstTransferAt: iso(row.first_at),
    lastTransferAt: iso(row.last_at),
    label: row.kind === "address" ? attributionLabelOf(row.label) : null,
    unpricedTransfers: Number(row.unpriced_n),
  };
}

/**
 * The grouped rows of one entity's counterparties over all time, read from the
 * entity_counterparty_totals rollup: the same groups as the query-time sum of the mixed grouping
 * (whose attributed groups are the entity grouping's), without reading the entity's addresses.
 */
function entityTotalsSql(grouping: CounterpartyGrouping, namedOnly: boolean): string | null {
  if (grouping !== "mixed" && grouping !== "entity") return null;
  return `SELECT counterparty_kind AS kind, counterparty_key AS key, incoming_usd AS in_usd, outgoing_usd AS out_usd,
      total_usd, incoming_transfers AS in_n, outgoing_transfers AS out_n, first_transfer_at AS first_at,
      last_transfer_at AS last_at, incoming_unpriced + outgoing_unpriced AS unpriced_n
    FROM entity_counterparty_totals
    WHERE entity_id = ($2::int[])[1] AND cardinality($1::bigint[]) = 0
      AND $3::timestamptz IS NULL AND $4::timestamptz IS NULL
      ${grouping === "entity" || namedOnly ? "AND counterparty_kind = 'entity'" : ""}`;
}

/** The statement parts of a subject's counterparties: the grouped rows (`g`) and their details (`d`). */
async function counterpartyStatement(
  db: Queryable,
  subject: FlowSubjectRows,
  query: Omit<CounterpartyQuery, "limit" | "offset">,
  viewer: Viewer,
): Promise<{ sources: string; details: string; params: unknown[]; floor: number | null; where: string }> {
  const { from, until } = txDateBounds(query.txDate);
  const ranged = from !== null || until !== null;
  const floor = categoryLevelFloor(query.riskScoreLevel);
  // $5/$6 are the page's limit and offset, filled in by the caller.
  const params: unknown[] = [subject.addressIds, subject.entityIds, from, until, null, null, floor];
  let grouped: string;
  let details: string;
  const totals =
    !ranged && subject.addressIds.length === 0 && subject.entityIds.length === 1
      ? entityTotalsSql(query.grouping, query.includeNamedEntitiesOnly === true)
      : null;
  if (totals !== null) {
    grouped = totals;
    details = attributedDetails;
  } else if (query.grouping === "custom-entity") {
    const custom = await db.query<{ id: number; uuid: string }>(
      `SELECT id, uuid::text AS uuid FROM custom_entities ce
       WHERE ce.organization_id = $1 AND ${customEntityVisibleSql("ce", "$2")}`,
      [viewer.organizationId, viewer.userId],
    );
    const members = await customEntityMembers(
      db,
      custom.map((row) => row.id),
    );
    const memberAddress: [number[], number[]] = [[], []];
    const memberEntity: [number[], number[]] = [[], []];
    for (const [id, found] of members) {
      for (const address of found.addressIds) {
        memberAddress[0].push(id);
        memberAddress[1].push(address);
      }
      for (const entity of found.entityIds) {
        memberEntity[0].push(id);
        memberEntity[1].push(entity);
      }
    }
    params.push(memberAddress[0], memberAddress[1], memberEntity[0], memberEntity[1]);
    grouped = `SELECT 'custom-entity' AS kind, m.custom_id::bigint AS key, ${aggregates}
      FROM src JOIN (
        SELECT custom_id, address_id, NULL::int AS entity_id FROM unnest($8::int[], $9::bigint[]) AS x(custom_id, address_id)
        UNION ALL
        SELECT custom_id, NULL, entity_id FROM unnest($10::int[], $11::int[]) AS y(custom_id, entity_id)
      ) m ON m.address_id = src.cp_id OR m.entity_id = src.cp_entity
      GROUP BY m.custom_id`;
    details = `SELECT g.*, NULL::text AS slug, ce.name, ce.uuid::text AS uuid, NULL::text AS chain, NULL::text AS address,
        NULL::text AS category, NULL::int AS level, NULL::text AS label
      FROM pg g JOIN custom_entities ce ON ce.id = g.key`;
  } else {
    const group = groupKeyOf[query.grouping];
    grouped = `SELECT ${group.kind} AS kind, ${group.key} AS key, ${aggregates}
      FROM src WHERE ${group.where}${query.includeNamedEntitiesOnly ? " AND cp_entity IS NOT NULL" : ""} GROUP BY 1, 2`;
    details = attributedDetails;
  }
  return {
    sources: totals !== null ? `WITH g AS (${totals})` : withSources(ranged, grouped),
    details,
    params,
    floor,
    where: await counterpartyFilterSql(db, query.filters, params),
  };
}

// Names and categories of a page of entity and address groups.
const attributedDetails = `SELECT g.*, e.slug, e.name, NULL::text AS uuid, a.chain, a.address,
        coalesce(ec.name, ac.name) AS category, coalesce(ec.level, ac.level) AS level,
        CASE WHEN g.kind = 'address' THEN ${bestLabelSql("g.key")} END AS label
      FROM pg g
      LEFT JOIN entities e ON g.kind = 'entity' AND e.id = g.key
      LEFT JOIN addresses a ON g.kind = 'address' AND a.id = g.key
      LEFT JOIN LATERAL (
        SELECT c.name, coalesce(l.level, 0) AS level FROM categories c
        LEFT JOIN category_risk_levels l ON l.category_id = c.id AND l.risk_type = 'counterparty'
        WHERE c.id = e.category_id
      ) ec ON g.kind = 'entity'
      LEFT JOIN LATERAL (
        SELECT c.name, coalesce(l.level, 0) AS level FROM address_categories x
        JOIN categories c ON c.id = x.category_id
        LEFT JOIN category_risk_levels l ON l.category_id = c.id AND l.risk_type = 'counterparty'
        WHERE x.address_id = g.key ORDER BY 2 DESC, 1 LIMIT 1
      ) ac ON g.kind = 'address'`;

const withSources = (ranged: boolean, grouped: string) => `WITH src AS (${sourceSql(ranged)}),
     g AS (${grouped})`;

/**
 * One page of the subject's counterparties (002 §7 summary, 000 §7 by-counterparty-{kind}). USD is
 * null for a counterparty none of whose transfers has a USD price (issue 43: unknown, never 0). Risk is the counterparty risk level of its
 * category: an entity's own category, an address's riskiest tag category.
 */
export async function counterpartyPage(
  db: Queryable,
  subject: FlowSubjectRows,
  query: CounterpartyQuery,
  viewer: Viewer,
): Promise<CounterpartyRow[]> {
  const { sources, details, params, floor, where } = await counterpartyStatement(db, subject, query, viewer);
  params[4] = query.limit;
  params[5] = query.offset;
  const sort = query.sort ?? { field: "totalVolumeUsd", direction: "desc" };
  const order = `${sortColumns[sort.field]} ${sort.direction === "asc" ? "ASC" : "DESC"} NULLS LAST, kind, key`;
  // Without a risk floor the page is cut before the names and categories are looked up, so only its
  // rows are; a floor needs every counterparty's level first.
  const page = `ORDER BY ${order} LIMIT $5 OFFSET $6`;
  const rows = await db.query<CounterpartySqlRow>(
    `${sources},
     pg AS MATERIALIZED (SELECT * FROM g WHERE ${where} ${floor === null ? page : ""}),
     d AS (${details})
     SELECT * FROM d WHERE $7::int IS NULL OR level >= $7::int
     ${floor === null ? `ORDER BY ${order}` : page}`,
    params,
  );
  return rows.map(rowOf);
}

/** How many counterparties the subject's table holds under the same filters (the export's count). */
export async function counterpartyCount(
  db: Queryable,
  subject: FlowSubjectRows,
  query: Omit<CounterpartyQuery, "limit" | "offset" | "sort">,
  viewer: Viewer,
): Promise<number> {
  const { sources, details, params, floor, where } = await counterpartyStatement(db, subject, query, viewer);
  // Without a floor every group counts; with one, each group's level is looked up first.
  const [row] = await db.query<{ n: string | number }>(
    floor === null
      ? `${sources} SELECT count(*) AS n FROM g WHERE ${where} AND $5::int IS NULL AND $6::int IS NULL AND $7::int IS NULL`
      : `${sources}, pg AS MATERIALIZED (SELECT * FROM g WHERE ${where}), d AS (${details})
         SELECT count(*) AS n FROM d WHERE level >= $7::int AND $5::int IS NULL AND $6::int IS NULL`,
    params,
  );
  return Number(row?.n ?? 0);
}
