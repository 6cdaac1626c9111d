import type { ChainId } from "@sleuth/sdk";
import { categories, findCategory } from "../taxonomy/categories.ts";

// What the attribution importers (GraphSense packs, OFAC lists, label lists) hand the attribution
// writer: tags on addresses, and the entities (actors) they name.

export interface TagRecord {
  line: number;
  chain: ChainId;
  /** Canonical address. */
  address: string;
  label: string;
  /** The category key (a GraphSense concept, one of ours, or a term first met here). */
  categoryKey: string;
  /** A GraphSense confidence id. */
  confidence: string;
  /** Where the tag came from: a URI or the list's name. */
  source: string;
  evidence: string;
  /** The slug of the entity that owns the address, when the tag names one. */
  actor: string | null;
  isClusterDefiner: boolean;
  /** When the tag was made (the pack's lastmod); null means the time of the import. */
  createdAt: string | null;
}

export interface EntityRecord {
  line: number;
  slug: string;
  name: string;
  categoryKey: string;
  description: string | null;
  website: string | null;
  /** ISO 3166-1 alpha-2. */
  jurisdiction: string | null;
  source: string;
}

/** A term as a category key: lower case, words joined by underscores ("Darknet Market" → darknet_market). */
export function categoryKeyOf(term: string): string {
  return term
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

const keyByName = new Map(categories.map((category) => [categoryKeyOf(category.name), category.key]));

/**
 * The category key a list's free-text category means: a key of the model (`Gambling` → gambling),
 * else a category's display name (`Mixer` → mixing_service, `Mining Pool` → mining_service), else
 * the term itself as a new key.
 */
export function categoryKeyOfTerm(term: string): string {
  const key = categoryKeyOf(term);
  if (findCategory(key)) return key;
  return keyByName.get(key) ?? key;
}

// Concepts that say what kind of actor something is, not what it does: any other term is more telling.
const genericKeys = new Set(["concept", "entity", "organization", "user", "service", "unknown", "behaviour"]);

/**
 * The one category a tag or actor is filed under, from all the terms it carries (GraphSense's
 * `abuse`, `concepts` and `category`, in that order): the riskiest known term, then the first
 * specific one, then the first at all. Unknown terms count as specific, so a pack's own term
 * (`black_list`) is kept rather than lost to a generic `user`.
 */
export function primaryCategoryKey(terms: readonly (string | null | undefined)[]): string {
  const keys = [
    ...new Set(
      terms
        .filter((term): term is string => !!term)
        .map(categoryKeyOf)
        .filter(Boolean),
    ),
  ];
  if (keys.length === 0) return "unknown";
  const riskOf = (key: string) => findCategory(key)?.riskLevels.ownership ?? 0;
  const riskiest = keys.reduce((best, key) => (riskOf(key) > riskOf(best) ? key : best), keys[0]!);
  if (riskOf(riskiest) > 0) return riskiest;
  return keys.find((key) => !genericKeys.has(key)) ?? keys[0]!;
}

/** A date or time as ISO 8601, or null (a pack's lastmod may be a date, a time or anything). */
export function isoTimeOf(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(/^\d{4}-\d\d-\d\d$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
