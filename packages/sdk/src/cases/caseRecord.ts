import { z } from "zod";

// Case and user ids arrive as numbers or strings depending on the store; we always hand out strings.
const idSchema = z.union([z.string().min(1), z.number().int()]).transform(String);

/**
 * 000 §3 and 002 §3 case: id, name, owner, whether it is shared with the organisation, and the
 * optional relatables and notes (their fields are not shown).
 */
export const caseSchema = z.object({
  id: idSchema,
  name: z.string(),
  ownerUserId: idSchema.optional(),
  isSharedWithOrg: z.boolean(),
  relatables: z.array(z.unknown()).optional(),
  notes: z.array(z.unknown()).optional(),
});
export type Case = z.infer<typeof caseSchema>;

/** 002 §5 new case (body of POST /cases): the name must not be blank. */
export const newCaseSchema = z.object({
  name: z.string().trim().min(1),
  isSharedWithOrg: z.boolean(),
});
export type NewCase = z.infer<typeof newCaseSchema>;

/** POST /cases answers with the new case's id in data.id. */
export const createCaseResponseSchema = z.object({ data: z.object({ id: idSchema }) });

/** 002 §5: Create is enabled only for a non-blank name. */
export function canCreateCase(name: string): boolean {
  return name.trim() !== "";
}
