import { z } from "zod";
import { addressChainUrnSchema, anyEntityUrnSchema } from "../chains/urn.ts";

// 000 §3: a tag is ordinary or a behavioural signature (then it names the signature).
export const attributionTagTypes = ["ordinary", "behavioral_signature"] as const;

/**
 * 000 §3 attribution tag, with the 002 §3 `sources[].confidenceScore`. Only category, categoryId, entity
 * and entityUrn are always present; signature fields come with behavioural signatures only. A
 * behavioural signature seen on an unattributed address names no entity: entity and entityUrn are
 * then null (the signature name says what it is).
 */
export const attributionTagSchema = z.object({
  category: z.string(),
  categoryId: z.number().int(),
  categoryType: z.string().optional(),
  entity: z.string().nullable(),
  entityUrn: anyEntityUrnSchema.nullable(),
  tagType: z.enum(attributionTagTypes).optional(),
  signatureId: z.string().nullable().optional(),
  signatureName: z.string().nullable().optional(),
  signatureDescription: z.string().nullable().optional(),
  source: z.object({ evidence: z.object({ description: z.string() }) }).optional(),
  sources: z.array(z.object({ confidenceScore: z.number() })).optional(),
});
export type AttributionTag = z.infer<typeof attributionTagSchema>;

/** 002 §3 attribution of one address, as POST /v2/attribution/address answers per address. */
export const addressAttributionSchema = z.object({
  addressChainUrn: addressChainUrnSchema,
  tags: z.array(attributionTagSchema),
});
export type AddressAttribution = z.infer<typeof addressAttributionSchema>;
export const addressAttributionResponseSchema = z.object({ data: z.array(addressAttributionSchema) });

/** 002 §3 attribution of one entity, as POST /v2/attribution/entity answers per entity. */
export const entityAttributionSchema = z.object({
  entityUrn: anyEntityUrnSchema,
  tags: z.array(attributionTagSchema),
  hasInetData: z.boolean().optional(),
});
export type EntityAttribution = z.infer<typeof entityAttributionSchema>;
export const entityAttributionResponseSchema = z.object({ data: z.array(entityAttributionSchema) });
