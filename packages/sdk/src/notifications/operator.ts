import { z } from "zod";

/**
 * Issue 40: the instance operator holds the entitlements (the forensics licence of 002 §6) and the
 * collaboration networks (001 §2 / §7). The operator is whoever holds the credential set in the
 * server's environment (`SLEUTH_OPERATOR_TOKEN`); it travels in this header, never in a flag.
 */
export const operatorHeader = "x-sleuth-operator-token";

export const operatorMessages = {
  notOperator: "This needs the instance operator's credential",
  operatorOff: "No operator credential is configured on this server (SLEUTH_OPERATOR_TOKEN)",
} as const;

export const operatorOrganizationSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  hasForensicsLicense: z.boolean(),
  memberCount: z.number().int().min(0),
});
export type OperatorOrganization = z.infer<typeof operatorOrganizationSchema>;

export const licenceBodySchema = z.strictObject({ hasForensicsLicense: z.boolean() });

export const operatorNetworkSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  organizations: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OperatorNetwork = z.infer<typeof operatorNetworkSchema>;

export const createNetworkBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2_000).optional(),
  /** The organization that runs it (uuid or exact name); it becomes the first member too. */
  organization: z.string().trim().min(1).max(200),
});
export const networkMemberBodySchema = z.strictObject({ organization: z.string().trim().min(1).max(200) });

/** 002 §2 suggest-update form: what reached the operator's review list. */
export const suggestionForReviewSchema = z.object({
  id: z.number().int().positive(),
  entityUrn: z.string(),
  comments: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  organization: z.object({ uuid: z.uuid(), name: z.string() }),
  userEmail: z.string().nullable(),
});
export type SuggestionForReview = z.infer<typeof suggestionForReviewSchema>;

/**
 * Issue 46: the operator's full rebuild of the read model (the rollups) from the transfers and the
 * attribution, as the server runs it at start after an upgrade. Imports keep it current on their own;
 * this is for a store whose rollups are in doubt.
 */
export const rollupRebuildSchema = z.object({
  /** The version of the rollup code that built them. */
  version: z.string(),
  builtAt: z.iso.datetime({ offset: true }),
  /** How long the rebuild took, in milliseconds. */
  tookMs: z.number().int().min(0),
  addresses: z.number().int().min(0),
  entities: z.number().int().min(0),
});
export type RollupRebuild = z.infer<typeof rollupRebuildSchema>;
