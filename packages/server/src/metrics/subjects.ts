import { type ChainId, type FlowValueType, parseUrn, subjectNotFoundMessages } from "@sleuth/sdk";
import { customEntityVisibleSql } from "../customEntities/visibility.ts";
import { type HttpError, notFound } from "../http/errors.ts";
import type { Queryable } from "../store/store.ts";

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

// Between the rows of a probe's answer and between a row's fields: control characters, which JSON
// text (and the chains, ids and numbers beside it) never holds unescaped.
/** Between the rows of an aggregated text (SQL: chr(30)). */
export const rowSeparator = "\x1e";
/** Between a row's fields in an AddressKeyedTable's text (SQL: chr(31)). */
export const fieldSeparator = "\x1f";

/**
 * An address-keyed table (unique on (address, chain)) as a batch reads it: `valuesSql` gives a row
 * (aliased k) as text, its chain, fieldSeparator, then what `rowOf` reads back.
 */
export interface AddressKeyedTable<Row extends object> {
  name: "addresses" | "address_summary";
  valuesSql: string;
  rowOf(text: string): Row;
}

const addressesTable: AddressKeyedTable<{ id: number; entity_id: number | null }> = {
  name: "addresses",
  valuesSql: "k.chain || chr(31) || k.id || chr(31) || coalesce(k.entity_id::text, '')",
  rowOf(text) {
    const cut = text.indexOf(fieldSeparator);
    const entity = text.slice(cut + 1);
    return { id: Number(text.slice(0, cut)), entity_id: entity === "" ? null : Number(entity) };
  },
};

/**
 * The rows of `table` of each of `addresses`, by chain, at the address's index; undefined for an
 * address the table lacks. Each address is probed once and the index hands back its rows on every
 * chain: a 0x-address pasted without a chain is asked on each EVM chain, and most of those keys miss.
 * LATERAL with OFFSET 0 is never turned into a hash join over the whole table, whatever the planner's
 * estimates. The rows come back as two texts, their positions and their values (PGlite decodes every
 * field in JavaScript, so thousands of rows cost two fields); the two aggregates see the rows in the
 * same order, so the nth position is the nth row's.
 */
async function rowsByAddress<Row extends object>(
  db: Queryable,
  table: AddressKeyedTable<Row>,
  addresses: readonly string[],
): Promise<(Map<string, Row> | undefined)[]> {
  const found: (Map<string, Row> | undefined)[] = new Array(addresses.length);
  if (addresses.length === 0) return found;
  const [result] = await db.query<{ ords: string | null; rows: string | null }>(
    `SELECT string_agg(r.ord::text, ',') AS ords, string_agg(t.row_values, chr(30)) AS rows
     FROM unnest($1::text[]) WITH ORDINALITY AS r(address, ord)
     CROSS JOIN LATERAL (
       SELECT ${table.valuesSql} AS row_values FROM ${table.name} k WHERE k.address = r.address OFFSET 0
     ) t`,
    [addresses],
  );
  if (!result?.ords || result.rows === null) return found;
  const positions = result.ords.split(",");
  const rows = result.rows.split(rowSeparator);
  for (let index = 0; index < rows.length; index++) {
    const text = rows[index]!;
    const cut = text.indexOf(fieldSeparator);
    const at = Number(positions[index]) - 1;
    let byChain = found[at];
    if (!byChain) {
      byChain = new Map();
      found[at] = byChain;
    }
    byChain.set(text.slice(0, cut), table.rowOf(text.slice(cut + 1)));
  }
  return found;
}

/**
 * The rows of `keys` (see rowsByAddress), in key order, each with its key as given (a caller may
 * carry more on it); keys the table lacks are left out.
 */
export async function rowsByAddressKey<Row extends object, Key extends AddressKey = AddressKey>(
  db: Queryable,
  table: AddressKeyedTable<Row>,
  keys: readonly Key[],
): Promise<KeyedRow<Row, Key>[]> {
  if (keys.length === 0) return [];
  const positions = new Map<string, number>();
  for (const key of keys) if (!positions.has(key.address)) positions.set(key.address, positions.size);
  const found = await rowsByAddress(db, table, [...positions.keys()]);
  const answer: KeyedRow<Row, Key>[] = [];
  for (const key of keys) {
    const row = found[positions.get(key.address)!]?.get(key.chain);
    if (row) answer.push({ key, row });
  }
  return answer;
}

/** Address URNs (already checked by the request schema) to their address rows, in request order. */
export async function resolveAddresses(db: Queryable, urns: readonly string[]): Promise<AddressSubject[]> {
  const found = await rowsByAddressKey(db, addressesTable, addressKeysOf(urns));
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

/** Who reads: the organization scopes every row, the user what is shared with them (002 §6). */
export interface Viewer {
  organizationId: number;
  userId: number;
}

/**
 * Custom-entity URNs to the custom entities of `organizationId`, in request order. Another
 * organization's custom entity is absent, exactly like one that does not exist.
 */
export async function resolveCustomEntities(
  db: Queryable,
  urns: readonly string[],
  organizationId: number,
  /**
   * The caller: a restricted custom entity is absent for members it was not shared with (002 §6).
   * Required, so no caller can forget it; undefined only where no user asks (internal jobs).
   */
  userId: number | undefined,
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
     WHERE $3::integer IS NULL OR ${customEntityVisibleSql("ce", "$3")}
     ORDER BY r.ord`,
    [wanted.map((item) => item.uuid), organizationId, userId ?? null],
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

/**
 * The one 404 of a subject of `kind` the store does not hold or the caller may not see, with the
 * SDK's text for the kind; `which` names the one missing among several asked for.
 */
export function subjectNotFound(kind: FlowValueType, which?: string): HttpError {
  const message = subjectNotFoundMessages[kind];
  return notFound(which === undefined ? message : `${message}: ${which}`);
}

/** A subject as store rows: the addresses it is, the entities it is, or both (a custom entity's members). */
export interface SubjectRows {
  addressIds: number[];
  entityIds: number[];
}

/**
 * The one resolution of a subject URN of `kind` (a flow's subject, a counterparty, a transfer
 * listing's entity) to its rows, scoped to the caller's organization: another organization's custom
 * entity is not found, exactly like one that does not exist, and without a viewer none is found.
 * Unknown subjects answer 404 with the SDK's text for the kind.
 */
export async function resolveSubjectRows(
  db: Queryable,
  kind: FlowValueType,
  urn: string,
  viewer?: Viewer,
): Promise<SubjectRows> {
  if (kind === "address") {
    const [address] = await resolveAddresses(db, [urn]);
    if (!address) throw subjectNotFound(kind);
    return { addressIds: [address.id], entityIds: [] };
  }
  if (kind === "entity") {
    const [entity] = await resolveEntities(db, [urn]);
    if (!entity) throw subjectNotFound(kind);
    return { addressIds: [], entityIds: [entity.id] };
  }
  const [custom] = viewer ? await resolveCustomEntities(db, [urn], viewer.organizationId, viewer.userId) : [];
  if (!custom) throw subjectNotFound(kind);
  return (await customEntityMembers(db, [custom.id])).get(custom.id) ?? { addressIds: [], entityIds: [] };
}
