import { type ChainId, parseUrn } from "@sleuth/sdk";
import { resolveSubjectRows, type Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";

/**
 * The transfer rows a listing reads: those of some addresses (address_id) and of some entities
 * (entity_id). An address is one address; an entity its own rows; a custom entity its members'.
 */
export interface TransferScope {
  /** The subject's URN as asked, which names the listing in its cursors. */
  urn: string;
  addressIds: number[];
  entityIds: number[];
  /** Address tables show each row's running balance; entity tables cannot (001 §2). */
  kind: "address" | "entity" | "custom-entity";
  /** The address's chain (for a jump-to hash); null for entities. */
  chain: ChainId | null;
}

/** An address scope; an address the store does not know has no transfers (an empty listing). */
export async function addressScope(db: Queryable, urn: string): Promise<TransferScope> {
  const parts = parseUrn(urn);
  // One address by its unique key: a plain probe plans in a fraction of the batch resolver's time,
  // and the console asks for a page (and this lookup) at every keystroke of paging.
  const [address] =
    parts?.kind === "address"
      ? await db.query<{ id: string | number }>(
          "SELECT id FROM addresses WHERE address = $1 AND chain = $2",
          [parts.address, parts.chain],
        )
      : [];
  return {
    urn,
    addressIds: address ? [Number(address.id)] : [],
    entityIds: [],
    kind: "address",
    chain: parts?.kind === "address" ? parts.chain : null,
  };
}

/** An entity's scope; an entity the store does not know answers 404. */
export async function entityScope(db: Queryable, urn: string): Promise<TransferScope> {
  return { urn, ...(await resolveSubjectRows(db, "entity", urn)), kind: "entity", chain: null };
}

/** Another organization's custom entity is not found, exactly like one that does not exist. */
export async function customEntityScope(db: Queryable, urn: string, viewer: Viewer): Promise<TransferScope> {
  return {
    urn,
    ...(await resolveSubjectRows(db, "custom-entity", urn, viewer)),
    kind: "custom-entity",
    chain: null,
  };
}
