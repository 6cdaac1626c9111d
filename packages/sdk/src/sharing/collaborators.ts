import { z } from "zod";

// 002 §4: a collaborator is a viewer or an editor; the dialog also offers "remove".
export const sharingRoles = ["viewer", "editor"] as const;
export const sharingRoleSchema = z.enum(sharingRoles);
export type SharingRole = z.infer<typeof sharingRoleSchema>;

// 002 §4: restricted (invited users only) or environment (everyone in the organisation).
export const generalAccessLevels = ["restricted", "environment"] as const;
export const generalAccessLevelSchema = z.enum(generalAccessLevels);
export type GeneralAccessLevel = z.infer<typeof generalAccessLevelSchema>;

/**
 * 002 §3 custom entity collaborators, as GET /v1/custom-entities/{uuid}/collaborators returns them.
 * The wire shape of `relations` and `general_access` is not shown; we chose a list of roles and the level
 * name. The organisation-wide role lives in `organizations[].relations`.
 */
export const collaboratorUserSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  email: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  roleInParentOrg: z.string().nullable().optional(),
  relations: z.array(sharingRoleSchema),
});
export type CollaboratorUser = z.infer<typeof collaboratorUserSchema>;

export const collaboratorOrganizationSchema = z.object({
  uuid: z.string(),
  relations: z.array(sharingRoleSchema),
});

export const collaboratorsSchema = z.object({
  users: z.array(collaboratorUserSchema),
  organizations: z.array(collaboratorOrganizationSchema),
  general_access: generalAccessLevelSchema,
});
export type Collaborators = z.infer<typeof collaboratorsSchema>;

/** 002 §3 sharing operation: the body of PATCH /v1/custom-entities/{uuid}/collaborators is a list of these. */
export const sharingOperationSchema = z.object({
  op: z.enum(["add", "remove"]),
  path: z.literal("relation"),
  value: sharingRoleSchema,
  context: z.object({ subjectUrn: z.string().min(1) }),
});
export type SharingOperation = z.infer<typeof sharingOperationSchema>;
export const sharingOperationsSchema = z.array(sharingOperationSchema);
