import { z } from "zod";

// 000 §3 User. `fullName` may be absent for invited users who never set a name.
export const userSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type User = z.infer<typeof userSchema>;

// 000 §3 Organization.
export const organizationSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  parentOrganizationUuid: z.uuid().nullable(),
  /**
   * 002 §6: in triage, IP results need a forensics licence. The specification names no field; ours is
   * this one, set by an organization admin (docs/API.md "Session and organizations").
   */
  hasForensicsLicense: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

// Membership roles: a viewer reads, an editor also writes investigation data (000 §6 editor role),
// an admin also manages the organization and its members.
export const roles = ["viewer", "editor", "admin"] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const userOrganizationSchema = organizationSchema.extend({ role: roleSchema });
export type UserOrganization = z.infer<typeof userOrganizationSchema>;

/** How a member signs in: a password for the console, API tokens for the CLI and CI. */
export const memberStrategies = ["password", "token", "invited"] as const;
export const memberSchema = userSchema.extend({
  role: roleSchema,
  memberStrategies: z.array(z.enum(memberStrategies)).optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const organizationNameSchema = z.string().trim().min(1).max(120);
export const createOrganizationBodySchema = z.object({
  name: organizationNameSchema,
  parentOrganizationUuid: z.uuid().nullable().optional(),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;
export const createdOrganizationSchema = z.object({ uuid: z.uuid().optional(), name: z.string().optional() });
/** PATCH /organizations/{id}: a new name, the forensics licence (002 §6), or both; at least one. */
export const updateOrganizationBodySchema = z
  .strictObject({ name: organizationNameSchema.optional(), hasForensicsLicense: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.hasForensicsLicense !== undefined, {
    message: "Send a name or hasForensicsLicense",
  });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const inviteMemberBodySchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  role: roleSchema.default("viewer"),
});
export type InviteMemberBody = z.input<typeof inviteMemberBodySchema>;

/** A member's new role (admin only; our path, the specification names none: docs/API.md). */
export const changeMemberRoleBodySchema = z.strictObject({ role: roleSchema });
export type ChangeMemberRoleBody = z.infer<typeof changeMemberRoleBodySchema>;

/** Our wording: the answer when a change would leave the organization without an admin. */
export const memberMessages = {
  lastAdmin: "An organization keeps at least one admin",
} as const;

export const loginBodySchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const authConfigSchema = z.object({
  /** Set when the server runs the demo world: the console offers a one-keystroke demo sign-in. */
  demoUser: z.object({ email: z.email() }).nullable(),
  /** 000 §6: the domains behind this deployment's staff and super admin flags. */
  identityDomains: z
    .object({ staffDomains: z.array(z.string()), superAdminDomains: z.array(z.string()) })
    .optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const createApiTokenBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  /** Exchange credentials for a token (sleuth login); omitted when already signed in. */
  email: z.email().optional(),
  password: z.string().min(1).max(1024).optional(),
});
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
