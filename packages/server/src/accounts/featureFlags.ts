import {
  type FeatureFlagKey,
  type FeatureFlags,
  featureFlagKeys,
  type TargetDomain,
  withFlagDefaults,
} from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

/** 000 §6: every known flag for the organization and target domain, overrides over the SDK defaults. */
export async function featureFlagsFor(
  db: Queryable,
  organizationId: number,
  targetDomain: TargetDomain,
): Promise<FeatureFlags> {
  const rows = await db.query<{ key: string; enabled: boolean }>(
    "SELECT key, enabled FROM feature_flags WHERE organization_id = $1 AND target_domain = $2",
    [organizationId, targetDomain],
  );
  const known = new Set<string>(featureFlagKeys);
  const overrides: Partial<Record<FeatureFlagKey, boolean>> = {};
  for (const row of rows) if (known.has(row.key)) overrides[row.key as FeatureFlagKey] = row.enabled;
  return withFlagDefaults(overrides);
}

export async function setFeatureFlag(
  db: Queryable,
  flag: { organizationId: number; targetDomain: TargetDomain; key: FeatureFlagKey; enabled: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO feature_flags (organization_id, target_domain, key, enabled) VALUES ($1, $2, $3, $4)
     ON CONFLICT (organization_id, target_domain, key) DO UPDATE SET enabled = EXCLUDED.enabled`,
    [flag.organizationId, flag.targetDomain, flag.key, flag.enabled],
  );
}
