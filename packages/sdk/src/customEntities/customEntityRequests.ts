import { z } from "zod";
import { pageSizes } from "../constants/limits.ts";
import { riskInfoFieldsSchema } from "../risk/riskInfo.ts";
import { sharingRoleSchema } from "../sharing/collaborators.ts";
import { customEntityMaxResources } from "./compatibility.ts";
import { customEntitySchema } from "./customEntity.ts";
import { refreshStatusSchema } from "./refreshStatus.ts";

/** A custom entity's name: trimmed, not blank; unique per organization whatever its case (000 §7 validate-name). */
export const customEntityNameSchema = z.string().trim().min(1).max(120);

const resourcesSchema = z
  .array(z.object({ resourceUrn: z.string().trim().min(1).max(512) }))
  .min(1)
  .max(customEntityMaxResources);

/** Body of POST /v1/custom-entities (000 §7): a name and the resources it groups. */
export const createCustomEntityBodySchema = z.object({
  name: customEntityNameSchema,
  resources: resourcesSchema,
});
export type CreateCustomEntityBody = z.infer<typeof createCustomEntityBodySchema>;

/** Body of PATCH /v1/custom-entities/{uuid}: a new name, new resources, or both. */
export const updateCustomEntityBodySchema = z
  .object({ name: customEntityNameSchema.optional(), resources: resourcesSchema.optional() })
  .refine((body) => body.name !== undefined || body.resources !== undefined, {
    message: "Give a name or resources",
  });
export type UpdateCustomEntityBody = z.infer<typeof updateCustomEntityBodySchema>;

/** Body of DELETE /v1/custom-entities (000 §7: a uuid list). */
export const deleteCustomEntitiesBodySchema = z.object({ uuids: z.array(z.uuid()).min(1).max(100) });

/** Query of GET /v1/custom-entities: pages of 10 (000 §9), newest first. */
export const customEntityListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(pageSizes.customEntities),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * A custom entity as the list and detail calls answer it: the 000 §3 fields, who created it, and
 * the caller's own permission on it (002 §6), so a screen offers editing only to editors.
 */
export const customEntityDetailSchema = customEntitySchema.extend({
  createdByUser: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  permission: sharingRoleSchema,
});
export type CustomEntityDetail = z.infer<typeof customEntityDetailSchema>;

/** Query and answer of GET /v1/custom-entities/validate-name. */
export const validateNameQuerySchema = z.object({ name: customEntityNameSchema });
export const validateNameSchema = z.object({ isValid: z.boolean(), message: z.string().nullable() });
export type ValidateName = z.infer<typeof validateNameSchema>;

/** Our words for a taken name; the specification gives none. */
export const customEntityNameTaken = "A custom entity with this name already exists";

/** GET /v1/custom-entities/refresh/status?customEntityUuid, POST with the same in the body. */
export const refreshStatusQuerySchema = z.object({ customEntityUuid: z.uuid() });
export const refreshStatusAnswerSchema = refreshStatusSchema.extend({
  customEntityUuid: z.uuid(),
  refreshedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type RefreshStatusAnswer = z.infer<typeof refreshStatusAnswerSchema>;

/** Body of POST /trm-insights/v5/risk/custom-entity/risk-score/info (000 §7: entityUrn). */
export const customEntityRiskInfoRequestSchema = z.object({ entityUrn: z.string().min(1).max(512) });
export const customEntityRiskInfoSchema = riskInfoFieldsSchema.extend({ entityUrn: z.string() });
export type CustomEntityRiskInfo = z.infer<typeof customEntityRiskInfoSchema>;

/** Body of POST /risk/custom-entity/risk-score (000 §7: entityId, the custom entity's uuid). */
export const customEntityRiskScoreRequestSchema = z.object({ entityId: z.uuid() });
export const customEntityRiskScoreSchema = riskInfoFieldsSchema
  .pick({ riskScore: true, riskScoreLabel: true, riskScoreLevel: true })
  .extend({ entityId: z.uuid() });
export type CustomEntityRiskScore = z.infer<typeof customEntityRiskScoreSchema>;
