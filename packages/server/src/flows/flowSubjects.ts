import { type FlowValueType, instantOfDateInput, type TxDateRange } from "@sleuth/sdk";
import { resolveSubjectRows, type Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";

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
  return { valueType, urn, ...(await resolveSubjectRows(db, valueType, urn, viewer)) };
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
  // The schema lets only days and instants through, which the SDK's rule reads.
  const from = range.gte ? instantOfDateInput(range.gte, "start") : null;
  const last = range.lte ? instantOfDateInput(range.lte, "end") : null;
  return { from, until: last === null ? null : new Date(Date.parse(last) + 1).toISOString() };
}

/** The subject's own addresses ($1 address ids, $2 entity ids): an address itself, an entity's owned addresses, a custom entity's members. */
export const ownAddressesSql =
  "SELECT unnest($1::bigint[]) AS id UNION SELECT id FROM addresses WHERE entity_id = ANY($2::int[])";
