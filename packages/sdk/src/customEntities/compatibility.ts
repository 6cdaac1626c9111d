import { z } from "zod";
import type { ChainId } from "../chains/chainRegistry.ts";
import { parseUrn, urnSchema } from "../chains/urn.ts";
import { type UnsupportedReason, unsupportedReasonSchema } from "./customEntity.ts";

/**
 * 000 §8 "size limit reached": the most resources one custom entity may group. The specification
 * gives no figure; ours bounds the work a refresh of every part asks of the server.
 */
export const customEntityMaxResources = 1000;

/** Body of POST /trm-insights/v1/custom-entity/compatibility (000 §7). */
export const compatibilityRequestSchema = z.object({
  resourceUrns: z
    .array(z.string().min(1).max(512))
    .min(1)
    .max(customEntityMaxResources * 10),
});
export type CompatibilityRequest = z.infer<typeof compatibilityRequestSchema>;

export const resourceCompatibilitySchema = z.object({
  resourceUrn: z.string(),
  isSupported: z.boolean(),
  unsupportedReason: unsupportedReasonSchema.nullable(),
});
export type ResourceCompatibility = z.infer<typeof resourceCompatibilitySchema>;

/** The answer: the verdict on the whole set, then each resource's. */
export const compatibilitySchema = z.object({
  isSupported: z.boolean(),
  unsupportedReason: unsupportedReasonSchema.nullable(),
  resources: z.array(resourceCompatibilitySchema),
});
export type Compatibility = z.infer<typeof compatibilitySchema>;

/**
 * 000 §8 unsupported reasons. A custom entity groups addresses and entities: any other URN (or a
 * string that is no URN) is an unsupported resource URN; an address on a chain the deployment does
 * not hold is an unsupported chain; more than `customEntityMaxResources` distinct resources reach
 * the size limit. The set's reason is the first of size limit, then the first resource's reason.
 */
export function compatibilityOf(
  resourceUrns: readonly string[],
  supportedChains: ReadonlySet<ChainId>,
): Compatibility {
  const resources = resourceUrns.map((resourceUrn): ResourceCompatibility => {
    const reason = resourceReason(resourceUrn, supportedChains);
    return { resourceUrn, isSupported: reason === null, unsupportedReason: reason };
  });
  const sizeLimit = new Set(resourceUrns).size > customEntityMaxResources;
  const reason: UnsupportedReason | null = sizeLimit
    ? "SIZE_LIMIT_REACHED"
    : (resources.find((resource) => !resource.isSupported)?.unsupportedReason ?? null);
  return { isSupported: reason === null, unsupportedReason: reason, resources };
}

function resourceReason(urn: string, supportedChains: ReadonlySet<ChainId>): UnsupportedReason | null {
  if (!urnSchema.safeParse(urn).success) return "UNSUPPORTED_RESOURCE_URN";
  const parts = parseUrn(urn);
  if (parts?.kind === "entity") return null;
  if (parts?.kind !== "address") return "UNSUPPORTED_RESOURCE_URN";
  return supportedChains.has(parts.chain) ? null : "UNSUPPORTED_CHAIN";
}
