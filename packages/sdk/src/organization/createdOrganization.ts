import { createdOrganizationSchema } from "../accounts/schemas.ts";

/** 000 §5, in the specification's exact words. */
export const organizationMessages = {
  notCreated: "Organization was not created, it may be a duplicate name",
} as const;

export type CreatedOrganizationResult =
  | { ok: true; organization: { uuid: string; name: string } }
  | { ok: false; message: typeof organizationMessages.notCreated };

/**
 * 000 §5: creating an organization succeeds only when the response returns a uuid; otherwise
 * (no body, no uuid, a malformed one) the error is 'Organization was not created, it may be a
 * duplicate name'. The requested name stands in when the response omits it.
 */
export function createdOrganizationOf(response: unknown, requestedName: string): CreatedOrganizationResult {
  const parsed = createdOrganizationSchema.safeParse(response);
  if (!parsed.success || parsed.data.uuid === undefined)
    return { ok: false, message: organizationMessages.notCreated };
  return { ok: true, organization: { uuid: parsed.data.uuid, name: parsed.data.name ?? requestedName } };
}
