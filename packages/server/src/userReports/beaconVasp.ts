import type { BeaconVasp } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

/** 000 §3 / §4: a service provider's category and whether it has a beacon contact, by entity URN. */
export async function findBeaconVasp(db: Queryable, entityUrn: string): Promise<BeaconVasp | undefined> {
  const [row] = await db.query<{
    urn: string;
    name: string;
    category_id: number;
    category: string;
    beacon: unknown;
    law_enforcement: unknown;
  }>(
    `SELECT e.urn, e.name, e.category_id, c.name AS category, e.v2_beacon_network_contact AS beacon,
       e.law_enforcement_contact AS law_enforcement
     FROM entities e JOIN categories c ON c.id = e.category_id WHERE e.urn = $1`,
    [entityUrn],
  );
  if (!row) return undefined;
  return {
    entityUrn: row.urn,
    name: row.name,
    categoryId: row.category_id,
    category: row.category,
    hasBeaconContact: row.beacon !== null && row.beacon !== undefined,
    hasLawEnforcementContact: row.law_enforcement !== null && row.law_enforcement !== undefined,
  };
}
