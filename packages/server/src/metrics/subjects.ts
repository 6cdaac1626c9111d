import { type ChainId, parseUrn } from "@sleuth/sdk";
import type { Queryable } from "../store/index.ts";

// URNs of a request resolved to store rows in one query per kind. Answers echo each URN as it was
// sent, so a client matches them by string; URNs the store does not know are simply absent.

export interface AddressSubject {
  urn: string;
  id: number;
  chain: ChainId;
  address: string;
  entityId: number | null;
}

export interface AddressKey {
  urn: string;
  chain: ChainId;
  address: string;
}

/** The (chain, canonical address) key of an address URN; null for any other URN. */
export function addressKeyOf(urn: string): AddressKey | null {
  const parts = parseUrn(urn);
  return parts?.kind === "address" ? { urn, chain: parts.chain, address: parts.address } : null;
}

/** The key of each address URN (addressKeyOf); other URNs are left out. */
export function addressKeysOf(urns: readonly string[]): AddressKey[] {
  const keys: AddressKey[] = [];
  for (const urn of urns) {
    const key = addressKeyOf(urn);
    if (key) keys.push(key);
  }
  return keys;
}

/** A row of an address-keyed table for one key of the request. */
export interface KeyedRow<Row, Key extends AddressKey = AddressKey> {
  key: Key;
  row: Row;
}

/**
 * The rows of an address-keyed table (`addresses`, `address_summary`: unique on (address, chain))
 * of each of `addresses`, by chain, at the address's index; undefined for an address the table
 * lacks. Each address is probed once and the index hands back its rows on every chain: a 0x-address
 * pasted without a chain is asked on each EVM chain, and most of those keys miss. LATERAL with OFFSET 0 is never turned into a
 * hash join over the whole table, whatever the planner's estimates. The rows come back as one JSON
 * text of arrays (PGlite decodes every field in JavaScript; naming each field in each row, as
 * json_agg of records does, took the store a third longer).
 */
async function rowsByAddress<Row extends object>(
  db: Queryable,
  table: "addresses" | "address_summary",
  columns: readonly (keyof Row & string)[],
  addresses: readonly string[],
): Promise<(Map<string, Row> | undefined)[]> {
  const found: (Map<string, Row> | undefined)[] = new Array(addresses.length);
  if (addresses.length === 0) return found;
  const fields = (alias: string) => ["chain", ...columns].map((column) => `${alias}.${column}`).join(", ");
  const [result] = await db.query<{ rows: string }>(
    `SELECT coalesce(json_agg(json_build_array(r.ord, ${fields("t")})), '[]')::text AS rows
     FROM unnest($1::text[]) WITH ORDINALITY AS r(address, ord)
     CROSS JOIN LATERAL (SELECT ${fields("k")} FROM ${table} k WHERE k.address = r.address OFFSET 0) t`,
    [addresses],
  );
  // [ord, chain, ...columns] each.
  for (const values of JSON.parse(result?.rows ?? "[]") as unknown[][]) {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) row[columns[index]!] = values[index + 2];
    const at = (values[0] as number) - 1;
    let byChain = found[at];
    if (!byChain) {
      byChain = new Map();
      found[at] = byChain;
    }
    byChain.set(values[1] as string, row as Row);
  }
  return found;
}

/**
 * The rows of `keys` (see rowsByAddress), in key order, each with its key as given (a caller may
 * carry more on it); keys the table lacks are left out.
 */
export async function rowsByAddressKey<Row extends object, Key extends AddressKey = AddressKey>(
  db: Queryable,
  table: "addresses" | "address_summary",
  columns: readonly (keyof Row & string)[],
  keys: readonly Key[],
): Promise<KeyedRow<Row, Key>[]> {
  if (keys.length === 0) return [];
  const positions = new Map<string, number>();
  for (const key of keys) if (!positions.has(key.address)) positions.set(key.address, positions.size);
  const found = await rowsByAddress<Row>(db, table, columns, [...positions.keys()]);
  const answer: KeyedRow<Row, Key>[] = [];
  for (const key of keys) {
    const row = found[positions.get(key.address)!]?.get(key.chain);
    if (row) answer.push({ key, row });
  }
  return answer;
}

/** Address URNs (already checked by the request schema) to their address rows, in request order. */
export async function resolveAddresses(db: Queryable, urns: readonly string[]): Promise<AddressSubject[]> {
  const found = await rowsByAddressKey<{ id: number; entity_id: number | null }>(
    db,
    "addresses",
    ["id", "entity_id"],
    addressKeysOf(urns),
  );
  return found.map(({ key, row }) => ({ ...key, id: row.id, entityId: row.entity_id }));
}

export interface EntitySubject {
  urn: string;
  id: number;
  slug: string;
  name: string;
  categoryId: number;
  category: string;
}

/** Entity URNs (`urn:sleuth:entity:{slug}`) to entity rows, in request order. */
export async function resolveEntities(db: Queryable, urns: readonly string[]): Promise<EntitySubject[]> {
  const wanted: { urn: string; slug: string }[] = [];
  for (const urn of urns) {
    const parts = parseUrn(urn);
    if (parts?.kind === "entity") wanted.push({ urn, slug: parts.id });
  }
  if (wanted.length === 0) return [];
  const rows = await db.query<{
    ord: string | number;
    id: number;
    slug: string;
    name: string;
    category_id: number;
    category: string;
  }>(
    `SELECT r.ord, e.id, e.slug, e.name, e.category_id, c.name AS category
     FROM unnest($1::text[]) WITH ORDINALITY AS r(slug, ord)
     CROSS JOIN LATERAL (SELECT * FROM entities WHERE slug = r.slug OFFSET 0) e
     JOIN categories c ON c.id = e.category_id
     ORDER BY r.ord`,
    [wanted.map((item) => item.slug)],
  );
  return rows.map((row) => ({
    urn: wanted[Number(row.ord) - 1]!.urn,
    id: row.id,
    slug: row.slug,
    name: row.name,
    categoryId: row.category_id,
    category: row.category,
  }));
}

export interface CustomEntitySubject {
  urn: string;
  id: number;
}

/**
 * Custom-entity URNs to the custom entities of `organizationId`, in request order. Another
 * organization's custom entity is absent, exactly like one that does not exist.
 */
export async function resolveCustomEntities(
  db: Queryable,
  urns: readonly string[],
  organizationId: number,
): Promise<CustomEntitySubject[]> {
  const wanted: { urn: string; uuid: string }[] = [];
  for (const urn of urns) {
    const parts = parseUrn(urn);
    if (parts?.kind === "custom-entity" && /^[0-9a-f-]{36}$/.test(parts.id))
      wanted.push({ urn, uuid: parts.id });
  }
  if (wanted.length === 0) return [];
  const rows = await db.query<{ ord: string | number; id: number }>(
    `SELECT r.ord, ce.id
     FROM unnest($1::uuid[]) WITH ORDINALITY AS r(uuid, ord)
     JOIN custom_entities ce ON ce.uuid = r.uuid AND ce.organization_id = $2
     ORDER BY r.ord`,
    [wanted.map((item) => item.uuid), organizationId],
  );
  return rows.map((row) => ({ urn: wanted[Number(row.ord) - 1]!.urn, id: row.id }));
}

export interface CustomEntityMembers {
  addressIds: number[];
  entityIds: number[];
}

/**
 * The resources of each custom entity resolved to the addresses and entities the store knows
 * (resources of other kinds, or unknown ones, add nothing).
 */
export async function customEntityMembers(
  db: Queryable,
  customEntityIds: readonly number[],
): Promise<Map<number, CustomEntityMembers>> {
  const members = new Map<number, CustomEntityMembers>(
    customEntityIds.map((id) => [id, { addressIds: [], entityIds: [] }]),
  );
  if (customEntityIds.length === 0) return members;
  const resources = await db.query<{ custom_entity_id: number; resource_urn: string }>(
    `SELECT custom_entity_id, resource_urn FROM custom_entity_resources
     WHERE custom_entity_id = ANY($1::int[]) ORDER BY custom_entity_id, resource_urn`,
    [customEntityIds],
  );
  const owners = new Map<string, number[]>();
  for (const resource of resources) {
    owners.set(resource.resource_urn, [
      ...(owners.get(resource.resource_urn) ?? []),
      resource.custom_entity_id,
    ]);
  }
  const urns = [...owners.keys()];
  for (const subject of await resolveAddresses(db, urns)) {
    for (const owner of owners.get(subject.urn) ?? []) members.get(owner)?.addressIds.push(subject.id);
  }
  for (const subject of await resolveEntities(db, urns)) {
    for (const owner of owners.get(subject.urn) ?? []) members.get(owner)?.entityIds.push(subject.id);
  }
  return members;
}
