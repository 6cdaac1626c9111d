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

/** The (chain, canonical address) key of each address URN; other URNs are left out. */
export function addressKeysOf(urns: readonly string[]): AddressKey[] {
  const keys: AddressKey[] = [];
  for (const urn of urns) {
    const parts = parseUrn(urn);
    if (parts?.kind === "address") keys.push({ urn, chain: parts.chain, address: parts.address });
  }
  return keys;
}

/**
 * The SQL that walks address keys ($1 chains, $2 addresses) in order, one probe of the unique
 * (address, chain) key each, as `r.ord` and the address row `a` (LATERAL with OFFSET 0 is never
 * turned into a hash join over the whole table, whatever the planner's estimates).
 */
export function addressKeysSql(columns: string): string {
  return `unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(chain, address, ord)
     CROSS JOIN LATERAL (
       SELECT ${columns} FROM addresses WHERE address = r.address AND chain = r.chain OFFSET 0
     ) a`;
}

export function addressKeyParams(keys: readonly AddressKey[]): [string[], string[]] {
  return [keys.map((key) => key.chain), keys.map((key) => key.address)];
}

/** Address URNs (already checked by the request schema) to their address rows, in request order. */
export async function resolveAddresses(db: Queryable, urns: readonly string[]): Promise<AddressSubject[]> {
  const wanted = addressKeysOf(urns);
  if (wanted.length === 0) return [];
  const rows = await db.query<{ ord: string | number; id: string | number; entity_id: number | null }>(
    `SELECT r.ord, a.id, a.entity_id FROM ${addressKeysSql("id, entity_id")} ORDER BY r.ord`,
    addressKeyParams(wanted),
  );
  return rows.map((row) => {
    const item = wanted[Number(row.ord) - 1]!;
    return { ...item, id: Number(row.id), entityId: row.entity_id };
  });
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
