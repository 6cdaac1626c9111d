import type { FlowValueType, TxDateRange } from "@sleuth/sdk";
import { badRequest, notFound } from "../http/index.ts";
import {
  customEntityMembers,
  resolveAddresses,
  resolveCustomEntities,
  resolveEntities,
  type Viewer,
} from "../metrics/index.ts";
import type { Queryable } from "../store/index.ts";

/**
 * The subject of a flow call as store rows: the addresses it is (an address), the entities it is (an
 * entity), or both (a custom entity's members). An entity's flows leave out transfers between its own
 * addresses, as the rollups do.
 */
export interface FlowSubjectRows {
  valueType: FlowValueType;
  urn: string;
  addressIds: number[];
  entityIds: number[];
}

/**
 * The subject `urn` of `valueType`, scoped to the caller's organization (another organization's
 * custom entity is not found, exactly like one that does not exist). Unknown subjects answer 404.
 */
export async function resolveFlowSubject(
  db: Queryable,
  valueType: FlowValueType,
  urn: string,
  viewer: Viewer,
): Promise<FlowSubjectRows> {
  if (valueType === "address") {
    const [address] = await resolveAddresses(db, [urn]);
    if (!address) throw notFound("No such address");
    return { valueType, urn, addressIds: [address.id], entityIds: [] };
  }
  if (valueType === "entity") {
    const [entity] = await resolveEntities(db, [urn]);
    if (!entity) throw notFound("No such entity");
    return { valueType, urn, addressIds: [], entityIds: [entity.id] };
  }
  const [custom] = await resolveCustomEntities(db, [urn], viewer.organizationId, viewer.userId);
  if (!custom) throw notFound("No such custom entity");
  const members = (await customEntityMembers(db, [custom.id])).get(custom.id) ?? {
    addressIds: [],
    entityIds: [],
  };
  return { valueType, urn, addressIds: members.addressIds, entityIds: members.entityIds };
}

/**
 * SQL over `transfers t` picking the subject's own rows: its addresses' rows, and its entities' rows
 * with the outside world. `$a` and `$e` are the parameter numbers of the id arrays. Each arm is an
 * index range (transfers_address_time_idx, transfers_entity_time_idx).
 */
export function subjectTransfersSql(a: number, e: number): string {
  return `(t.address_id = ANY($${a}::bigint[])
    OR (t.entity_id = ANY($${e}::int[]) AND t.counterparty_entity_id IS DISTINCT FROM t.entity_id))`;
}

/** [gte, lt) instants of a txDate range; a day as `lte` includes that whole UTC day. */
export function txDateBounds(range: TxDateRange | undefined): { from: string | null; until: string | null } {
  if (!range) return { from: null, until: null };
  const from = range.gte ? (range.gte.length === 10 ? `${range.gte}T00:00:00Z` : range.gte) : null;
  let until: string | null = null;
  if (range.lte) {
    if (range.lte.length === 10) {
      const next = new Date(`${range.lte}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      until = next.toISOString();
    } else {
      until = new Date(new Date(range.lte).getTime() + 1).toISOString();
    }
  }
  return { from, until };
}

/** An opaque cursor: base64url of a JSON value (clients pass it back as is). */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** The value of a cursor this server made, or null when it is not one. */
export function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/** The keyset of a transfer page, newest first: (timestamp, id) of the last row shown; a 400 otherwise. */
export function transferKeyset(cursor: string | undefined): { at: string; id: string } | null {
  if (cursor === undefined) return null;
  const value = decodeCursor(cursor);
  if (
    !Array.isArray(value) ||
    typeof value[0] !== "string" ||
    typeof value[1] !== "string" ||
    !/^\d+$/.test(value[1]) ||
    Number.isNaN(Date.parse(value[0]))
  ) {
    throw badRequest("The request is not valid", [
      { path: ["after"], code: "custom", message: "Not a cursor of this list" },
    ]);
  }
  return { at: value[0], id: value[1] };
}

/** The cursor of the page after the one ending with this row. */
export function transferCursor(row: { block_timestamp: Date | string; id: string | number }): string {
  return encodeCursor([new Date(row.block_timestamp).toISOString(), String(row.id)]);
}

/** The subject's own addresses ($1 address ids, $2 entity ids): an address itself, an entity's owned addresses, a custom entity's members. */
export const ownAddressesSql =
  "SELECT unnest($1::bigint[]) AS id UNION SELECT id FROM addresses WHERE entity_id = ANY($2::int[])";
