import {
  type AddressHit,
  type AttributionType,
  type AutocompleteHit,
  type AutocompleteMatch,
  addressChainUrn,
  type ChainId,
  type CustomEntityHit,
  chainIds,
  type EntityHit,
  type InetHit,
} from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import { customEntitySummaries } from "../metrics/index.ts";
import type { Queryable } from "../store/index.ts";
import { entityCategoryTag, tagsOfAddresses } from "./attributionTags.ts";
import { withOwnerTag } from "./ownerTag.ts";
import {
  addressLookup,
  customEntityUuidOf,
  entitySlugOf,
  inetLookup,
  likeLiteral,
  longestLiteralRun,
  minTrigramLength,
  prefixRange,
  wildcardPattern,
} from "./queryPatterns.ts";

export interface AutocompleteQuery {
  query: string;
  limit: number;
  offset: number;
  /** The caller's current organization: custom entities are searched in it only. */
  organizationId: number;
}

export interface AutocompletePage<T extends AttributionType> {
  hits: AutocompleteHit<T>[];
  hasMore: boolean;
}

const chainOrder = new Map<string, number>(chainIds.map((chain, index) => [chain, index]));

function page<T>(items: readonly T[], query: AutocompleteQuery): { items: T[]; hasMore: boolean } {
  return {
    items: items.slice(query.offset, query.offset + query.limit),
    hasMore: items.length > query.offset + query.limit,
  };
}

const roundUsd = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

// --- addresses -------------------------------------------------------------------------------

interface AddressDetailRow {
  id: string | number;
  chain: ChainId;
  address: string;
  first_active: Date | string | null;
  owner_slug: string | null;
  owner_name: string | null;
  owner_category_id: number | null;
  owner_category: string | null;
  transfers: number | null;
  volume: number | null;
}

/** A group of rows (one per chain) reported as one hit: the most active chain leads. */
async function addressGroups(
  db: Queryable,
  groups: readonly { addresses: string[]; match: AutocompleteMatch }[],
): Promise<AddressHit[]> {
  const all = [...new Set(groups.flatMap((group) => group.addresses))];
  if (all.length === 0) return [];
  const rows = await db.query<AddressDetailRow>(
    `SELECT a.id, a.chain, a.address, a.first_active, e.slug AS owner_slug, e.name AS owner_name,
            e.category_id AS owner_category_id, c.name AS owner_category, f.transfers, f.volume
     FROM addresses a
     LEFT JOIN entities e ON e.id = a.entity_id
     LEFT JOIN categories c ON c.id = e.category_id
     LEFT JOIN LATERAL (
       SELECT sum(d.incoming_transfers + d.outgoing_transfers)::int AS transfers,
              sum(d.incoming_usd + d.outgoing_usd) AS volume
       FROM address_daily_flows d WHERE d.address_id = a.id
     ) f ON true
     WHERE a.address = ANY($1::text[])`,
    [all],
  );
  const tags = await tagsOfAddresses(
    db,
    rows.map((row) => Number(row.id)),
  );
  const resultOf = (row: AddressDetailRow) => {
    const rowTags = withOwnerTag(tags.get(Number(row.id)) ?? [], row);
    const related = new Map<string, string>();
    if (row.owner_slug !== null && row.owner_name !== null) {
      related.set(`urn:sleuth:entity:${row.owner_slug}`, row.owner_name);
    }
    for (const tag of rowTags) {
      if (tag.entityUrn && tag.entity && tag.tagType !== "behavioral_signature")
        related.set(tag.entityUrn, tag.entity);
    }
    return {
      result: {
        addressChainUrn: addressChainUrn(row.chain, row.address),
        address: row.address,
        chain: row.chain,
        // 002 §3 "transactions count": the address's transfer rows (each side of a value movement),
        // which the rollups hold; counting distinct transactions would read every transfer.
        transactions: row.transfers ?? 0,
        totalVolume: roundUsd(row.volume),
        isActive: row.first_active !== null,
        relatedEntities: [...related].map(([entityUrn, name]) => ({ entityUrn, name })),
        category:
          row.owner_category ??
          rowTags.find((tag) => tag.tagType !== "behavioral_signature")?.category ??
          null,
      },
      tags: rowTags,
      transfers: row.transfers ?? 0,
    };
  };
  const byAddress = new Map<string, AddressDetailRow[]>();
  for (const row of rows) byAddress.set(row.address, [...(byAddress.get(row.address) ?? []), row]);
  const hits: AddressHit[] = [];
  for (const group of groups) {
    const members = group.addresses
      .flatMap((address) => byAddress.get(address) ?? [])
      .map(resultOf)
      .sort(
        (a, b) =>
          b.transfers - a.transfers ||
          (chainOrder.get(a.result.chain) ?? 0) - (chainOrder.get(b.result.chain) ?? 0),
      );
    const [lead, ...others] = members;
    if (!lead) continue;
    hits.push({
      ...lead.result,
      tags: lead.tags,
      multiple: others.length > 0,
      ...(others.length > 0 ? { seeMore: others.map((other) => other.result) } : {}),
      match: group.match,
    });
  }
  return hits;
}

/**
 * Addresses: the exact address first (on every chain the SDK recognises it for, reported once with
 * its other chains), then addresses starting with the query in stored spelling, in address order.
 */
export async function addressAutocomplete(
  db: Queryable,
  query: AutocompleteQuery,
): Promise<AutocompletePage<"address">> {
  const lookup = addressLookup(query.query);
  const groups: { addresses: string[]; match: AutocompleteMatch }[] = [];
  const seen = new Set<string>();
  if (lookup.exact.length > 0) {
    const rows = await db.query<{ address: string }>(
      `SELECT DISTINCT a.address FROM unnest($1::text[], $2::text[]) AS r(chain, address)
       CROSS JOIN LATERAL (
         SELECT address FROM addresses WHERE address = r.address AND chain = r.chain OFFSET 0
       ) a`,
      [lookup.exact.map((item) => item.chain), lookup.exact.map((item) => item.address)],
    );
    if (rows.length > 0) {
      groups.push({ addresses: rows.map((row) => row.address), match: "exact" });
      for (const row of rows) seen.add(row.address);
    }
  }
  const wanted = query.offset + query.limit + 1;
  const prefixed = new Set<string>();
  for (const prefix of lookup.prefixes) {
    const range = prefixRange(prefix);
    const rows = await db.query<{ address: string }>(
      `SELECT DISTINCT address FROM addresses
       WHERE address >= $1 AND address < $2 AND ($3::text IS NULL OR address LIKE $3)
       ORDER BY address LIMIT $4`,
      [range.low, range.high, lookup.pattern, wanted],
    );
    for (const row of rows) if (!seen.has(row.address)) prefixed.add(row.address);
  }
  for (const address of [...prefixed].sort()) groups.push({ addresses: [address], match: "prefix" });
  const { items, hasMore } = page(groups, query);
  return { hits: await addressGroups(db, items), hasMore };
}

// --- entities --------------------------------------------------------------------------------

interface EntityRow {
  id: number;
  slug: string;
  name: string;
  category_id: number;
  category: string;
  rank: number;
  score: number;
}

/**
 * The ranking of names shared by entities and custom entities: exact name (any case) 0, name prefix
 * 1, a word of the name starting with the query 2, substring 3, trigram similarity 4; then by
 * similarity and name. Candidates come from index lookups only: the prefix btree, and for queries of
 * 3 characters or more the trigram GIN index (substring and `%` similarity).
 */
function nameRankSql(column: string): string {
  return `CASE WHEN lower(${column}) = $1 THEN 0
               WHEN lower(${column}) COLLATE "C" >= $2 AND lower(${column}) COLLATE "C" < $3 THEN 1
               WHEN strpos(' ' || lower(${column}), ' ' || $1) > 0 THEN 2
               WHEN strpos(lower(${column}), $1) > 0 THEN 3
               ELSE 4 END`;
}

function matchOfRank(rank: number): AutocompleteMatch {
  if (rank === 0) return "exact";
  if (rank <= 2) return "prefix";
  if (rank === 3) return "substring";
  return "similar";
}

interface NameSearch {
  /** $1 lowercased query, $2/$3 its prefix range, $4 the ILIKE pattern or null, $5 the raw query. */
  params: [string, string, string, string | null, string];
  /** Whether trigram candidates (substring, similarity) apply. */
  trigram: boolean;
  wildcard: boolean;
}

function nameSearch(query: string): NameSearch {
  const lower = query.toLowerCase();
  const wildcard = query.includes("%");
  const literal = wildcard ? wildcardPattern(lower).literalPrefix : lower;
  // A pattern starting with % has no prefix: an empty range, so nothing ranks as a prefix match.
  const range = literal === "" ? { low: "", high: "" } : prefixRange(literal);
  const trigram = wildcard ? longestLiteralRun(query) >= minTrigramLength : query.length >= minTrigramLength;
  const pattern = wildcard ? wildcardPattern(query).pattern : trigram ? `%${likeLiteral(query)}%` : null;
  return { params: [lower, range.low, range.high, pattern, query], trigram, wildcard };
}

function nameCandidates(column: string, search: NameSearch): string {
  if (search.wildcard) {
    // 002 §9: a `%` query is a pattern; it needs a literal prefix or 3 literal characters for an index.
    const prefix = `lower(${column}) COLLATE "C" >= $2 AND lower(${column}) COLLATE "C" < $3`;
    return search.trigram ? `${column} ILIKE $4` : `(${prefix}) AND ${column} ILIKE $4`;
  }
  const prefix = `(lower(${column}) COLLATE "C" >= $2 AND lower(${column}) COLLATE "C" < $3)`;
  // Without trigrams the pattern ($4) is null; the clause keeps the parameter referenced.
  return search.trigram
    ? `(${prefix} OR ${column} ILIKE $4 OR ${column} % $5)`
    : `(${prefix} AND $4::text IS NULL)`;
}

interface EntityStats {
  id: number;
  addresses: number;
  transfers: number | null;
  volume: number | null;
}

// An entity's address count and volume read thousands of rows for a large exchange, and change
// only when the rollups are rebuilt (seeding, imports): they are kept for a minute per store, like
// the attribution answers of 002 §9, so a palette query pays them once per entity.
const entityStatsTtlMs = 60_000;
const entityStatsCache = new WeakMap<Queryable, Map<number, { at: number; stats: EntityStats }>>();

async function entityStats(db: Queryable, ids: readonly number[]): Promise<Map<number, EntityStats>> {
  const now = Date.now();
  let cache = entityStatsCache.get(db);
  if (!cache) {
    cache = new Map();
    entityStatsCache.set(db, cache);
  }
  const found = new Map<number, EntityStats>();
  const missing: number[] = [];
  for (const id of ids) {
    const cached = cache.get(id);
    if (cached && now - cached.at < entityStatsTtlMs) found.set(id, cached.stats);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const rows = await db.query<EntityStats>(
    `SELECT k.id, a.addresses, f.transfers, f.volume
     FROM unnest($1::int[]) AS k(id)
     CROSS JOIN LATERAL (SELECT count(*)::int AS addresses FROM addresses WHERE entity_id = k.id) a
     CROSS JOIN LATERAL (
       SELECT sum(d.incoming_transfers + d.outgoing_transfers)::int AS transfers,
              sum(d.incoming_usd + d.outgoing_usd) AS volume
       FROM entity_daily_flows d WHERE d.entity_id = k.id
     ) f`,
    [missing],
  );
  for (const row of rows) {
    found.set(row.id, row);
    cache.set(row.id, { at: now, stats: row });
  }
  return found;
}

export async function entityAutocomplete(
  db: Queryable,
  query: AutocompleteQuery,
): Promise<AutocompletePage<"entity">> {
  const search = nameSearch(query.query);
  const slug = entitySlugOf(query.query);
  const rows = await db.query<EntityRow>(
    `SELECT e.id, e.slug, e.name, e.category_id, c.name AS category,
            CASE WHEN e.slug = $6 THEN 0 ELSE ${nameRankSql("e.name")} END AS rank,
            similarity(e.name, $5) AS score
     FROM entities e JOIN categories c ON c.id = e.category_id
     WHERE e.slug = $6 OR ${nameCandidates("e.name", search)}
     ORDER BY rank, score DESC, e.name, e.id
     LIMIT $7 OFFSET $8`,
    [...search.params, slug, query.limit + 1, query.offset],
  );
  const { items, hasMore } = page(rows, { ...query, offset: 0 });
  if (items.length === 0) return { hits: [], hasMore };
  const statsById = await entityStats(
    db,
    items.map((row) => row.id),
  );
  const hits: EntityHit[] = items.map((row) => {
    const stat = statsById.get(row.id);
    const entity = { slug: row.slug, name: row.name, categoryId: row.category_id, category: row.category };
    return {
      entityUrn: `urn:sleuth:entity:${row.slug}`,
      name: row.name,
      entity: row.slug,
      category: row.category,
      categoryId: row.category_id,
      tags: [entityCategoryTag(entity)],
      totalVolume: roundUsd(stat?.volume ?? null),
      totalTransfers: stat?.transfers ?? 0,
      addresses: stat?.addresses ?? 0,
      match: matchOfRank(row.rank),
    };
  });
  return { hits, hasMore };
}

// --- custom entities -------------------------------------------------------------------------

export async function customEntityAutocomplete(
  db: Queryable,
  query: AutocompleteQuery,
): Promise<AutocompletePage<"custom_entity">> {
  const search = nameSearch(query.query);
  const uuid = customEntityUuidOf(query.query);
  const rows = await db.query<{ id: number; rank: number }>(
    `SELECT ce.id, CASE WHEN ce.uuid::text = $6 THEN 0 ELSE ${nameRankSql("ce.name")} END AS rank,
            similarity(ce.name, $5) AS score, ce.name
     FROM custom_entities ce
     WHERE ce.organization_id = $7 AND (ce.uuid::text = $6 OR ${nameCandidates("ce.name", search)})
     ORDER BY rank, score DESC, ce.name, ce.id
     LIMIT $8 OFFSET $9`,
    [...search.params, uuid, query.organizationId, query.limit + 1, query.offset],
  );
  const { items, hasMore } = page(rows, { ...query, offset: 0 });
  const summaries = await customEntitySummaries(
    db,
    items.map((row) => row.id),
  );
  const hits: CustomEntityHit[] = [];
  for (const row of items) {
    const summary = summaries.get(row.id);
    if (summary) hits.push({ ...summary.result, match: matchOfRank(row.rank) });
  }
  return { hits, hasMore };
}

// --- IPs -------------------------------------------------------------------------------------

interface InetRow {
  ip: string;
  country: string | null;
  isp: string | null;
  is_vpn: boolean;
  is_tor: boolean;
  is_proxy: boolean;
  is_malware: boolean;
  is_spyware: boolean;
  addresses: number;
  observations: number | null;
  first_observed: Date | string | null;
  last_observed: Date | string | null;
}

/** IPs: the exact address first, then addresses starting with a partial one, in address order. */
export async function inetAutocomplete(
  db: Queryable,
  query: AutocompleteQuery,
): Promise<AutocompletePage<"inet">> {
  const lookup = inetLookup(query.query);
  if (lookup.exact === null && lookup.prefix === null) return { hits: [], hasMore: false };
  const range = lookup.prefix === null ? null : prefixRange(lookup.prefix);
  const rows = await db.query<InetRow & { rank: number }>(
    `SELECT h.ip, h.country, h.isp, h.is_vpn, h.is_tor, h.is_proxy, h.is_malware, h.is_spyware,
            CASE WHEN h.ip = $1 THEN 0 ELSE 1 END AS rank, o.addresses, o.observations,
            o.first_observed, o.last_observed
     FROM inet_hosts h
     LEFT JOIN LATERAL (
       SELECT count(*)::int AS addresses, sum(observations)::int AS observations,
              min(first_observed) AS first_observed, max(last_observed) AS last_observed
       FROM inet_observations WHERE inet_id = h.id
     ) o ON true
     WHERE h.ip = $1 OR (h.ip COLLATE "C" >= $2 AND h.ip COLLATE "C" < $3)
     ORDER BY rank, h.ip COLLATE "C"
     LIMIT $4 OFFSET $5`,
    [lookup.exact, range?.low ?? null, range?.high ?? null, query.limit + 1, query.offset],
  );
  const { items, hasMore } = page(rows, { ...query, offset: 0 });
  const hits: InetHit[] = items.map((row) => ({
    entityUrn: `urn:sleuth:inet:${row.ip}`,
    ip: row.ip,
    numAssociatedAddresses: row.addresses,
    totalObservations: row.observations ?? 0,
    firstObservation: row.first_observed === null ? null : toIso(row.first_observed),
    lastObservation: row.last_observed === null ? null : toIso(row.last_observed),
    country: row.country,
    isp: row.isp,
    isVpn: row.is_vpn,
    isTor: row.is_tor,
    isProxy: row.is_proxy,
    isMalware: row.is_malware,
    isSpyware: row.is_spyware,
    match: row.rank === 0 ? "exact" : "prefix",
  }));
  return { hits, hasMore };
}

// --- dispatch --------------------------------------------------------------------------------

const sections: {
  [T in AttributionType]: (db: Queryable, query: AutocompleteQuery) => Promise<AutocompletePage<T>>;
} = {
  address: addressAutocomplete,
  entity: entityAutocomplete,
  inet: inetAutocomplete,
  custom_entity: customEntityAutocomplete,
};

/** GET /v3/attribution/autocomplete: one section of the palette, best match first. */
export function autocomplete<T extends AttributionType>(
  db: Queryable,
  attributionType: T,
  query: AutocompleteQuery,
): Promise<AutocompletePage<T>> {
  return sections[attributionType](db, query);
}
