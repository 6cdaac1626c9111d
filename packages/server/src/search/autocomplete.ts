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
  entityUrn,
  type InetHit,
  inetUrn,
} from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import { customEntityVisibleSql } from "../customEntities/visibility.ts";
import { customEntitySummaries } from "../metrics/customEntitySummaries.ts";
import { entityRiskSummaries } from "../metrics/riskInfo.ts";
import type { Queryable } from "../store/store.ts";
import { addressTagsJsonSql, entityCategoryTag, type TagRow, tagsFromJson } from "./attributionTags.ts";
import { type IpHostRow, ipHostColumnsSql, ipHostOf } from "./ipHosts.ts";
import { type AddressOwner, addressOwnerJsonSql, noOwner, withOwnerTag } from "./ownerTag.ts";
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
  /** The caller: a restricted custom entity is found only by its invited users (002 §6). */
  userId?: number;
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
  owner: AddressOwner | null;
  tags: TagRow[] | null;
  transfers: number | null;
  volume: number | null;
  risk_score: number | null;
}

/**
 * Every stored row (one per chain) of the addresses `which` selects (an SQL condition on
 * `a.address`), with all a hit shows, in one statement: owner and tags as correlated subqueries by key,
 * transfer count and volume from the address's address_summary row (one probe; summing its daily
 * flows reads a page per row, scattered over the table). Every address has that row: refreshRollups
 * writes it, and ensureRollups fills the table in a store that predates it.
 */
function addressRows(db: Queryable, which: string, params: readonly unknown[]): Promise<AddressDetailRow[]> {
  return db.query<AddressDetailRow>(
    `SELECT a.id, a.chain, a.address, a.first_active, ${addressOwnerJsonSql("a.entity_id")} AS owner,
            ${addressTagsJsonSql("a.id")} AS tags,
            (s.incoming_transfers + s.outgoing_transfers)::int AS transfers,
            CASE WHEN s.incoming_transfers + s.outgoing_transfers > 0 THEN s.incoming_usd + s.outgoing_usd END
              AS volume,
            s.risk_score
     FROM addresses a
     LEFT JOIN address_summary s ON s.address_id = a.id
     WHERE ${which}`,
    params,
  );
}

/** A group of rows (one per chain) reported as one hit: the most active chain leads. */
function addressGroups(
  rows: readonly AddressDetailRow[],
  groups: readonly { addresses: string[]; match: AutocompleteMatch }[],
): AddressHit[] {
  const resultOf = (row: AddressDetailRow) => {
    const owner = row.owner ?? noOwner;
    const rowTags = withOwnerTag(tagsFromJson(row.tags), owner);
    const related = new Map<string, string>();
    if (owner.owner_slug !== null && owner.owner_name !== null) {
      related.set(entityUrn(owner.owner_slug), owner.owner_name);
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
        riskScore: row.risk_score,
        isActive: row.first_active !== null,
        relatedEntities: [...related].map(([urn, name]) => ({ entityUrn: urn, name })),
        category:
          owner.owner_category ??
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
 * Addresses: the exact address (on every chain the SDK recognises it for, reported once with its
 * other chains), or else addresses starting with the query in stored spelling, in address order.
 * One statement either way: the page's addresses and their details.
 */
export async function addressAutocomplete(
  db: Queryable,
  query: AutocompleteQuery,
): Promise<AutocompletePage<"address">> {
  const lookup = addressLookup(query.query);
  if (lookup.exact.length > 0) {
    // Each spelling stored on a chain the query may be on makes the hit, shown on all its chains.
    const rows = await addressRows(db, "a.address = ANY($1::text[])", [
      [...new Set(lookup.exact.map((item) => item.address))],
    ]);
    const candidates = new Set(lookup.exact.map((item) => `${item.chain}:${item.address}`));
    const addresses = [
      ...new Set(
        rows.filter((row) => candidates.has(`${row.chain}:${row.address}`)).map((row) => row.address),
      ),
    ];
    const groups = addresses.length > 0 ? [{ addresses, match: "exact" as const }] : [];
    const { items, hasMore } = page(groups, query);
    return { hits: addressGroups(rows, items), hasMore };
  }
  if (lookup.prefixes.length === 0) return { hits: [], hasMore: false };
  const ranges = lookup.prefixes.map(prefixRange);
  // One more address than the page holds tells whether there are more.
  const rows = await addressRows(
    db,
    `a.address IN (
       SELECT DISTINCT p.address FROM unnest($1::text[], $2::text[]) AS r(low, high)
       CROSS JOIN LATERAL (
         SELECT DISTINCT address FROM addresses
         WHERE address >= r.low AND address < r.high AND ($3::text IS NULL OR address LIKE $3)
         ORDER BY address LIMIT $4
       ) p
       ORDER BY p.address LIMIT $5 OFFSET $6
     )`,
    [
      ranges.map((range) => range.low),
      ranges.map((range) => range.high),
      lookup.pattern,
      query.offset + query.limit + 1,
      query.limit + 1,
      query.offset,
    ],
  );
  const addresses = [...new Set(rows.map((row) => row.address))].sort();
  const groups = addresses
    .slice(0, query.limit)
    .map((address) => ({ addresses: [address], match: "prefix" as const }));
  return { hits: addressGroups(rows, groups), hasMore: addresses.length > query.limit };
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
  // entity_summary; null for an entity created since the rollups were last rebuilt.
  addresses: number | null;
  transfers: string | number | null;
  volume_usd: number | null;
  unpriced_transfers: string | number | null;
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

export async function entityAutocomplete(
  db: Queryable,
  query: AutocompleteQuery,
): Promise<AutocompletePage<"entity">> {
  const search = nameSearch(query.query);
  const slug = entitySlugOf(query.query);
  // The figures come from the entity_summary rollup: one row per hit, whatever the entity's size.
  const rows = await db.query<EntityRow>(
    `SELECT e.id, e.slug, e.name, e.category_id, c.name AS category,
            CASE WHEN e.slug = $6 THEN 0 ELSE ${nameRankSql("e.name")} END AS rank,
            similarity(e.name, $5) AS score, s.addresses, s.transfers, s.volume_usd,
            s.unpriced_transfers
     FROM entities e JOIN categories c ON c.id = e.category_id
     LEFT JOIN entity_summary s ON s.entity_id = e.id
     WHERE e.slug = $6 OR ${nameCandidates("e.name", search)}
     ORDER BY rank, score DESC, e.name, e.id
     LIMIT $7 OFFSET $8`,
    [...search.params, slug, query.limit + 1, query.offset],
  );
  const { items, hasMore } = page(rows, { ...query, offset: 0 });
  const risks = await entityRiskSummaries(
    db,
    items.map((row) => Number(row.id)),
  );
  const hits: EntityHit[] = items.map((row) => {
    const entity = { slug: row.slug, name: row.name, categoryId: row.category_id, category: row.category };
    return {
      entityUrn: entityUrn(row.slug),
      name: row.name,
      entity: row.slug,
      category: row.category,
      categoryId: row.category_id,
      tags: [entityCategoryTag(entity)],
      riskScore: risks.get(Number(row.id))?.riskScore ?? 0,
      totalVolume: roundUsd(row.volume_usd),
      totalTransfers: Number(row.transfers ?? 0),
      addresses: row.addresses ?? 0,
      match: matchOfRank(row.rank),
      // Issue 43: totalVolume sums the priced transfers only (null when none has a price).
      unpricedTransfers: Number(row.unpriced_transfers ?? 0),
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
       AND ($10::integer IS NULL OR ${customEntityVisibleSql("ce", "$10")})
     ORDER BY rank, score DESC, ce.name, ce.id
     LIMIT $8 OFFSET $9`,
    [...search.params, uuid, query.organizationId, query.limit + 1, query.offset, query.userId ?? null],
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

interface InetRow extends IpHostRow {
  ip: string;
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
    `SELECT h.ip, ${ipHostColumnsSql},
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
    entityUrn: inetUrn(row.ip),
    ip: row.ip,
    numAssociatedAddresses: row.addresses,
    totalObservations: row.observations ?? 0,
    firstObservation: row.first_observed === null ? null : toIso(row.first_observed),
    lastObservation: row.last_observed === null ? null : toIso(row.last_observed),
    ...ipHostOf(row),
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
