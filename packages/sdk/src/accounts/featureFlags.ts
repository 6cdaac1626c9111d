import { z } from "zod";

// 000 §6 and 002 §6: the flags the console reads, fetched per organization and target domain.
export const featureFlagDefaults = {
  ipSearch: true,
  walletClusterTags: true,
  newUiLibrary: true,
  beaconCategories: true,
  apiVersionLatest: true,
  customEntitySearch: true,
  customEntitySharing: true,
  aiImageSearch: true,
  triageLawEnforcementSuggestUpdate: true,
  triageCameraSearch: true,
  triageMultiSearch: true,
  triageIndirectExposure: true,
  triageFlagToPrivateSector: true,
  triageIndicateInterest: true,
  triageIpsSection: true,
  triageHideExchangeActions: false,
  triageHideDetectorActions: false,
} as const satisfies Record<string, boolean>;

export type FeatureFlagKey = keyof typeof featureFlagDefaults;
export const featureFlagKeys = Object.keys(featureFlagDefaults) as FeatureFlagKey[];
export const featureFlagKeySchema = z.enum(featureFlagKeys as [FeatureFlagKey, ...FeatureFlagKey[]]);
export type FeatureFlags = Record<FeatureFlagKey, boolean>;
export const featureFlagsSchema = z.record(featureFlagKeySchema, z.boolean());

export const targetDomains = ["front-end", "cli", "server"] as const;
export const targetDomainSchema = z.enum(targetDomains);
export type TargetDomain = z.infer<typeof targetDomainSchema>;

export const featureFlagsQuerySchema = z.object({
  organizationUuid: z.uuid(),
  targetDomain: targetDomainSchema.default("front-end"),
});

/** Fills every flag the server did not mention with its default, so callers never see undefined. */
export function withFlagDefaults(flags: Partial<Record<FeatureFlagKey, boolean>>): FeatureFlags {
  return { ...featureFlagDefaults, ...flags };
}

/**
 * Body of PUT /feature-flags/{key}: the 002 §6 debug toggle. Only staff and super admins (000 §6,
 * from the e-mail) may set a flag; the server checks it.
 */
export const setFeatureFlagBodySchema = z.object({
  organizationUuid: z.uuid(),
  targetDomain: targetDomainSchema.default("front-end"),
  enabled: z.boolean(),
});
export type SetFeatureFlagBody = z.input<typeof setFeatureFlagBodySchema>;

/** Our words for a refused toggle; the specification gives none. */
export const featureFlagMessages = {
  staffOnly: "Only staff may change feature flags",
} as const;
