import { z } from "zod";
import { attributionTagSchema } from "../attribution/attributionTag.ts";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import {
  addressChainUrnSchema,
  anyEntityUrnSchema,
  customEntityUrnSchema,
  entityUrnSchema,
  inetUrnSchema,
  transactionUrnSchema,
} from "../chains/urn.ts";

// 002 §3 suggestion item. A row without `type` is a result; the typed rows are the section header, its
// loader rows, its error row, and the "search for the query" row.
export const suggestionItemTypes = ["header", "loader", "error", "query"] as const;
export const suggestionItemSchema = z.object({
  title: z.string(),
  type: z.enum(suggestionItemTypes).optional(),
  addressChainUrn: addressChainUrnSchema.optional(),
  entityUrn: entityUrnSchema.optional(),
  customEntityUrn: customEntityUrnSchema.optional(),
  inetUrn: inetUrnSchema.optional(),
  transactionUrn: transactionUrnSchema.optional(),
  tags: z.array(attributionTagSchema).optional(),
  /** The address exists on several chains. */
  multiple: z.boolean().optional(),
  /** A custom entity's creator, shown beside it. */
  createdByUser: z.string().optional(),
  showSearchQuery: z.boolean().optional(),
});
export type SuggestionItem = z.infer<typeof suggestionItemSchema>;

/** 002 §3 transaction result. */
export const transactionResultSchema = z.object({
  txnHash: z.string(),
  transactionUrn: transactionUrnSchema,
  chain: chainIdSchema,
  block_timestamp: z.string().nullable(),
  value_usd: z.number().nullable(),
  isActive: z.boolean(),
});
export type TransactionResult = z.infer<typeof transactionResultSchema>;

const addressResultFields = {
  addressChainUrn: addressChainUrnSchema,
  address: z.string(),
  chain: chainIdSchema,
  /** The number of transactions. */
  transactions: z.number().int().nonnegative(),
  totalVolume: z.number().nullable(),
  isActive: z.boolean(),
  relatedEntities: z.array(z.object({ entityUrn: anyEntityUrnSchema, name: z.string() })),
  category: z.string().nullable(),
};

/** 002 §3 address result; `seeMore` groups the same address's results on other chains. */
export const addressResultSchema = z.object({
  ...addressResultFields,
  seeMore: z.array(z.object(addressResultFields)).optional(),
});
export type AddressResult = z.infer<typeof addressResultSchema>;

/** 002 §3 entity result; `addresses` is the entity's address count. */
export const entityResultSchema = z.object({
  entityUrn: entityUrnSchema,
  name: z.string(),
  totalVolume: z.number().nullable(),
  totalTransfers: z.number().int().nonnegative().nullable(),
  addresses: z.number().int().nonnegative().nullable(),
});
export type EntityResult = z.infer<typeof entityResultSchema>;

/** 002 §3 custom entity result; its `entityUrn` is the custom entity's urn. */
export const customEntityResultSchema = z.object({
  entityUrn: customEntityUrnSchema,
  name: z.string(),
  createdByUser: z.string().nullable(),
  addressCount: z.number().int().nonnegative(),
  totalTransfers: z.number().int().nonnegative().nullable(),
  totalVolumeUsd: z.number().nullable(),
  firstActiveDate: z.string().nullable(),
  lastActiveDate: z.string().nullable(),
});
export type CustomEntityResult = z.infer<typeof customEntityResultSchema>;

/** 000 §3 search results of the global search. */
export const searchResultsSchema = z.object({
  addresses: z.array(
    z.object({
      name: z.string().nullable(),
      address: z.string(),
      chain: chainIdSchema,
      addressChainUrn: addressChainUrnSchema,
      tags: z.array(attributionTagSchema),
    }),
  ),
  entities: z.array(
    z.object({
      name: z.string(),
      entity: z.string(),
      entityUrn: entityUrnSchema,
      tags: z.array(attributionTagSchema),
    }),
  ),
  customEntities: z.array(z.object({ name: z.string(), urn: customEntityUrnSchema })),
  inetObservations: z.array(z.object({ entityUrn: inetUrnSchema })),
  total: z.number().int().nonnegative(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
