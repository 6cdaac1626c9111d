import { parseUrn } from "@sleuth/sdk";
import { customEntityVisibleSql } from "../customEntities/index.ts";
import type { Viewer } from "../metrics/index.ts";
import { type Queryable, queryJsonRows } from "../store/index.ts";
import { type ExportRow, exportPageRows, type RowSource, windowCount } from "./rowSource.ts";

/** Whose transfers: one address, an entity's addresses, or a custom entity's member addresses. */
export type TransferSubject =
  | { kind: "address"; addressId: number }
  | { kind: "entity"; entityId: number }
  | { kind: "addresses"; addressIds: number[] };

function subjectCondition(subject: TransferSubject): { sql: string; param: unknown } {
  switch (subject.kind) {
    case "address":
      return { sql: "t.address_id = $1", param: subject.addressId };
    case "entity":
      return { sql: "t.entity_id = $1", param: subject.entityId };
    case "addresses":
      return { sql: "t.address_id = ANY($1::bigint[])", param: subject.addressIds };
  }
}

/**
 * 001 §2 transfer table rows as their CSV cells (the SDK's transferCsvFields), newest first as the
 * table sorts by default; `_ts` and `_id` are the keyset the next page starts after. Amounts are in
 * whole units: the division is exact in numeric, and outgoing amounts are negated (001 §3).
 */
export function transferRowsSql(where: string, after: string, tail: string): string {
  return `SELECT t.id AS "_id", t.block_timestamp AS "_ts",
      to_char(t.block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "timestamp",
      tx.hash AS "transactionHash",
      cp.address AS "counterpartyAddress",
      ce.name AS "counterpartyEntity",
      t.direction AS "direction",
      CASE WHEN t.direction = 'outgoing' THEN -1 ELSE 1 END * (t.amount_raw / power(10::numeric, a.decimals))
        AS "relevantAmount",
      t.amount_usd AS "usdAmount",
      t.balance_raw / power(10::numeric, a.decimals) AS "runningBalance",
      a.symbol AS "asset",
      (SELECT string_agg(c.name, '; ' ORDER BY c.name) FROM address_categories ac
         JOIN categories c ON c.id = ac.category_id WHERE ac.address_id = t.counterparty_id)
        AS "counterpartyCategories",
      tx.chain AS "chain"
    FROM transfers t
    JOIN transactions tx ON tx.id = t.transaction_id
    JOIN assets a ON a.id = t.asset_id
    LEFT JOIN addresses cp ON cp.id = t.counterparty_id
    LEFT JOIN entities ce ON ce.id = t.counterparty_entity_id
    WHERE ${where}${after}
    ORDER BY t.block_timestamp DESC, t.id DESC
    ${tail}`;
}

interface KeyedRow extends ExportRow {
  _ts: string;
  _id: number;
}

export function transferRowSource(
  db: Queryable,
  subject: TransferSubject,
  window: { offset: number; limit: number },
): RowSource {
  const condition = subjectCondition(subject);
  return {
    async count() {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transfers t WHERE ${condition.sql}`,
        [condition.param],
      );
      return windowCount(row?.n ?? 0, window.offset, window.limit);
    },
    async *pages() {
      let left = window.limit;
      let last: KeyedRow | null = null;
      while (left > 0) {
        const size = Math.min(exportPageRows, left);
        const rows: KeyedRow[] =
          last === null
            ? await queryJsonRows<KeyedRow>(
                db,
                transferRowsSql(condition.sql, "", "LIMIT $2 OFFSET $3"),
                [condition.param, size, window.offset],
                `q."_ts" DESC, q."_id" DESC`,
              )
            : await queryJsonRows<KeyedRow>(
                db,
                transferRowsSql(
                  condition.sql,
                  " AND (t.block_timestamp, t.id) < ($3::timestamptz, $4)",
                  "LIMIT $2",
                ),
                [condition.param, size, last._ts, last._id],
                `q."_ts" DESC, q."_id" DESC`,
              );
        if (rows.length === 0) return;
        yield rows;
        left -= rows.length;
        last = rows[rows.length - 1] ?? null;
        if (rows.length < size) return;
      }
    },
  };
}

/** The address of an address URN in the store, or null when the store does not hold it. */
export async function addressIdOf(db: Queryable, addressChainUrn: string): Promise<number | null> {
  const parts = parseUrn(addressChainUrn);
  if (parts?.kind !== "address") return null;
  const [row] = await db.query<{ id: number }>(
    "SELECT id::int AS id FROM addresses WHERE address = $1 AND chain = $2",
    [parts.address, parts.chain],
  );
  return row?.id ?? null;
}

export async function entityIdOf(db: Queryable, entityUrn: string): Promise<number | null> {
  const parts = parseUrn(entityUrn);
  if (parts?.kind !== "entity") return null;
  const [row] = await db.query<{ id: number }>("SELECT id FROM entities WHERE slug = $1", [parts.id]);
  return row?.id ?? null;
}

/**
 * The addresses a custom entity of this organization holds: its address members and the addresses
 * of its entity members; null when the organization has no such custom entity (another's is never
 * found, docs/API.md).
 */
export async function customEntityAddressIds(
  db: Queryable,
  customEntityUrn: string,
  viewer: Viewer,
): Promise<number[] | null> {
  const parts = parseUrn(customEntityUrn);
  if (parts?.kind !== "custom-entity") return null;
  const [entity] = await db.query<{ id: number }>(
    `SELECT ce.id FROM custom_entities ce
     WHERE ce.uuid = $1 AND ce.organization_id = $2 AND ${customEntityVisibleSql("ce", "$3")}`,
    [parts.id, viewer.organizationId, viewer.userId],
  );
  if (!entity) return null;
  const resources = await db.query<{ resource_urn: string }>(
    "SELECT resource_urn FROM custom_entity_resources WHERE custom_entity_id = $1",
    [entity.id],
  );
  const ids = new Set<number>();
  for (const { resource_urn } of resources) {
    const member = parseUrn(resource_urn);
    if (member?.kind === "address") {
      const id = await addressIdOf(db, resource_urn);
      if (id !== null) ids.add(id);
    } else if (member?.kind === "entity") {
      const entityId = await entityIdOf(db, resource_urn);
      if (entityId === null) continue;
      const rows = await db.query<{ id: number }>(
        "SELECT id::int AS id FROM addresses WHERE entity_id = $1",
        [entityId],
      );
      for (const row of rows) ids.add(row.id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}
