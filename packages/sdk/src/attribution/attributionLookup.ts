import { z } from "zod";
import { anyEntityUrnSchema, parseUrn } from "../chains/urn.ts";

export const attributionMessages = {
  // 002 §5: the lookup's exact failure.
  invalidAddresses: "Invalid attribution addresses",
} as const;

// 002 §9: attribution answers stay fresh for one minute.
export const attributionCacheMs = 60_000;

/** Body of POST /v2/attribution/address. */
export const attributionAddressRequestSchema = z.object({
  addressChainUrns: z
    .array(z.string())
    .refine(
      (urns) => urns.every((urn) => parseUrn(urn)?.kind === "address"),
      attributionMessages.invalidAddresses,
    ),
});
export type AttributionAddressRequest = z.infer<typeof attributionAddressRequestSchema>;

/** Body of POST /v2/attribution/entity. */
export const attributionEntityRequestSchema = z.object({
  entityUrns: z.array(anyEntityUrnSchema),
  includeHasInetData: z.boolean(),
});
export type AttributionEntityRequest = z.infer<typeof attributionEntityRequestSchema>;

/**
 * 002 §5: the address attribution lookup runs only when every URN is a valid address URN; one bad URN
 * fails the whole lookup with 'Invalid attribution addresses' (nothing is sent).
 */
export function attributionAddressRequest(
  addressChainUrns: readonly string[],
): { ok: true; request: AttributionAddressRequest } | { ok: false; error: string } {
  const parsed = attributionAddressRequestSchema.safeParse({ addressChainUrns });
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, error: attributionMessages.invalidAddresses };
}
