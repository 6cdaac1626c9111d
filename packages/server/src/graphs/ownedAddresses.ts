import { urnKindPrefix } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

// The addresses an owner stands for on the graph: where "expand to addresses" lists them and where a
// trace from an entity or custom entity starts.

/** An entity's addresses, busiest first (incoming and outgoing USD together), at most `limit`. */
export async function busiestOwnedAddressIds(
  db: Queryable,
  entityId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT a.id FROM addresses a JOIN address_summary s ON s.address_id = a.id
      WHERE a.entity_id = $1
      ORDER BY s.incoming_usd + s.outgoing_usd DESC, a.id
      LIMIT $2`,
    [entityId, limit],
  );
  return rows.map((row) => Number(row.id));
}

/** A custom entity's address resources, in URN order, at most `limit`. */
export async function customEntityAddressUrns(
  db: Queryable,
  customEntityId: number,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ resource_urn: string }>(
    `SELECT resource_urn FROM custom_entity_resources
      WHERE custom_entity_id = $1 AND starts_with(resource_urn, $3)
      ORDER BY resource_urn LIMIT $2`,
    [customEntityId, limit, urnKindPrefix("address")],
  );
  return rows.map((row) => row.resource_urn);
}
