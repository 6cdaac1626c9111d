import { z } from "zod";
import { attributionTagSchema } from "../attribution/attributionTag.ts";
import { inetUrnSchema } from "../chains/urn.ts";
import { ipHostShape } from "../flows/ipHost.ts";
import { searchModules } from "./searchRoutes.ts";
import { addressResultSchema, customEntityResultSchema, entityResultSchema } from "./searchSchemas.ts";
import { searchResultLimits } from "./searchSections.ts";

/**
 * 001 §7 / 002 §7: GET /v3/attribution/autocomplete runs once per attribution type. The spec names the
 * types (address, entity, inet, custom entity) but not their tokens; ours are these (docs/API.md).
 */
export const attributionTypes = ["address", "entity", "inet", "custom_entity"] as const;
export const attributionTypeSchema = z.enum(attributionTypes);
export type AttributionType = z.infer<typeof attributionTypeSchema>;

// Longer than any identifier or URN we know (see recognizeIdentifier); a longer query finds nothing.
export const autocompleteQueryMaxLength = 256;

/**
 * The query string of GET /v3/attribution/autocomplete. Numbers are coerced so the server reads the
 * same schema from its query string. `limit` defaults to 002 §9's result limit for the query (the
 * `%` variant when it holds a wildcard) and may not exceed the wildcard limit.
 */
export const autocompleteRequestSchema = z.object({
  query: z.string().trim().min(1).max(autocompleteQueryMaxLength),
  attributionType: attributionTypeSchema,
  limit: z.coerce.number().int().min(1).max(searchResultLimits.wildcard).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).optional(),
  /**
   * The module searching (002 §2). With it, the server applies 002 §6's IP rule to inet searches
   * (graph modules never, triage only with the organization's forensics licence) and refuses with
   * 002 §8's texts (docs/API.md "Search").
   */
  module: z.enum(searchModules).optional(),
});
export type AutocompleteRequest = z.infer<typeof autocompleteRequestSchema>;

/**
 * How a hit matched the query, best first (the server's ranking): the exact identifier or name, a
 * prefix of it, a substring, then trigram similarity (entity names only).
 */
export const autocompleteMatches = ["exact", "prefix", "substring", "similar"] as const;
export const autocompleteMatchSchema = z.enum(autocompleteMatches);
export type AutocompleteMatch = z.infer<typeof autocompleteMatchSchema>;

/**
 * An address hit: the 002 §3 address result plus what its suggestion row shows (attribution tags,
 * `multiple` when the address is on several chains; the other chains are in `seeMore`).
 */
export const addressHitSchema = addressResultSchema.extend({
  tags: z.array(attributionTagSchema),
  /** Issue 39 (ours, additive): the subject's risk score as its page reads it (`subjectRiskOf`). */
  riskScore: z.number().nullable().optional(),
  multiple: z.boolean(),
  match: autocompleteMatchSchema,
});
export type AddressHit = z.infer<typeof addressHitSchema>;

/** An entity hit: the 002 §3 entity result with its category as a tag (000 §3 search results). */
export const entityHitSchema = entityResultSchema.extend({
  /** The entity's slug (000 §3 search results `entity`). */
  entity: z.string(),
  category: z.string(),
  categoryId: z.number().int(),
  tags: z.array(attributionTagSchema),
  /** Issue 39 (ours, additive): the subject's risk score as its page reads it (`subjectRiskOf`). */
  riskScore: z.number().nullable().optional(),
  match: autocompleteMatchSchema,
  /**
   * Issue 43: of `totalTransfers`, those without a USD price. `totalVolume` sums the priced ones (at
   * least that much moved) and is null when none has a price.
   */
  unpricedTransfers: z.number().int().nonnegative().optional(),
});
export type EntityHit = z.infer<typeof entityHitSchema>;

/** A custom entity hit: the 002 §3 custom entity result (only the caller's organization's). */
export const customEntityHitSchema = customEntityResultSchema.extend({ match: autocompleteMatchSchema });
export type CustomEntityHit = z.infer<typeof customEntityHitSchema>;

/** An IP hit: 000 §3 IP observation (`entityUrn` is the inet URN) with 002 §3 IP association fields. */
export const inetHitSchema = z.object({
  entityUrn: inetUrnSchema,
  ip: z.string(),
  numAssociatedAddresses: z.number().int().nonnegative(),
  totalObservations: z.number().int().nonnegative(),
  firstObservation: z.iso.datetime({ offset: true }).nullable(),
  lastObservation: z.iso.datetime({ offset: true }).nullable(),
  ...ipHostShape,
  match: autocompleteMatchSchema,
});
export type InetHit = z.infer<typeof inetHitSchema>;

export const autocompleteHitSchemas = {
  address: addressHitSchema,
  entity: entityHitSchema,
  inet: inetHitSchema,
  custom_entity: customEntityHitSchema,
} as const satisfies Record<AttributionType, z.ZodType>;

export type AutocompleteHit<T extends AttributionType> = z.infer<(typeof autocompleteHitSchemas)[T]>;

/** The hit schema of one attribution type, typed by it. */
export function autocompleteHitSchema<T extends AttributionType>(type: T): z.ZodType<AutocompleteHit<T>> {
  // TypeScript cannot narrow the indexed union by a generic key; the table above is the proof.
  return autocompleteHitSchemas[type] as unknown as z.ZodType<AutocompleteHit<T>>;
}

/** `meta` of an autocomplete answer: the paging asked for and whether more hits follow. */
export const autocompleteMetaSchema = z.object({
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type AutocompleteMeta = z.infer<typeof autocompleteMetaSchema>;
