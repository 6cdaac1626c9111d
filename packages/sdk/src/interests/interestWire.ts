import { z } from "zod";
import { urnSchema } from "../chains/urn.ts";
import {
  type InvestigationInterest,
  interestBulkBodySchema,
  investigationInterestSchema,
} from "./interest.ts";

// Choice: at most this many elements in one bulk or search call (the add-multiple limit is larger,
// but an interest names the elements of one investigation).
export const interestElementsMax = 500;

/** 001 §7 POST /v1/trm-resources/investigation-interests/bulk as the server accepts it. */
export const interestBulkRequestSchema = interestBulkBodySchema
  .extend({
    trmResourceUrns: z.array(urnSchema).min(1).max(interestElementsMax),
    networkUuids: z.array(z.uuid()).max(100),
    countryIsoCodes: z.array(z.string().length(2)).max(300),
    isSameElementNotificationEnabled: z.boolean().optional(),
  })
  .strict();
export type InterestBulkRequest = z.input<typeof interestBulkRequestSchema>;

/** 001 §7 PUT /v1/trm-resources/{urn}/investigation-interests/{uuid}: the same fields, without the elements. */
export const interestUpdateRequestSchema = interestBulkRequestSchema.omit({ trmResourceUrns: true });
export type InterestUpdateRequest = z.input<typeof interestUpdateRequestSchema>;

/** 001 §7 POST /v1/trm-resources/investigation-interests/search. */
export const interestSearchRequestSchema = z.strictObject({
  trmResourceUrns: z.array(urnSchema).min(1).max(interestElementsMax),
});
export const interestSearchQuerySchema = z.object({
  includeResults: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((value) => value === true || value === "true")
    .default(false),
});

/** One element of the search answer: how many interests the caller may see, and them when asked. */
export const interestSearchResultSchema = z.object({
  trmResourceUrn: z.string(),
  count: z.number().int(),
  isInterested: z.boolean(),
  results: z.array(investigationInterestSchema).optional(),
});
export type InterestSearchResult = z.infer<typeof interestSearchResultSchema>;

/** 001 §7 GET /v1/organizations/{id}/networks. */
export const networkSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  organizationUuid: z.uuid(),
  memberCount: z.number().int(),
});
export type Network = z.infer<typeof networkSchema>;

/** 001 §7 GET /v1/organizations/{id}/network-settings (ours: the specification shows no field). */
export const networkSettingsSchema = z.object({
  organizationUuid: z.uuid(),
  networkCount: z.number().int(),
  networkVisibilityEnabled: z.boolean(),
});
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;

export const interestPathSchema = z.object({ urn: urnSchema, uuid: z.uuid() });

/**
 * 001 §7 PUT body for one's own interest: everything as it stands, but for `changes` (the console's
 * edit form changes the note and the privacy option; the author sees every field).
 */
export function interestUpdateBody(
  interest: InvestigationInterest,
  changes: Partial<Pick<InterestUpdateRequest, "note" | "privacyOption" | "isRevealNotificationEnabled">>,
): InterestUpdateRequest {
  return {
    visibilityLevel: interest.visibilityLevel,
    privacyOption: changes.privacyOption ?? interest.privacyOption,
    note: changes.note ?? interest.note ?? "",
    isRevealNotificationEnabled: changes.isRevealNotificationEnabled ?? interest.isRevealNotificationEnabled,
    isSameElementNotificationEnabled: interest.isSameElementNotificationEnabled,
    networkUuids: interest.networkUuids,
    verticals: interest.verticals,
    countryIsoCodes: interest.countryIsoCodes,
  };
}
