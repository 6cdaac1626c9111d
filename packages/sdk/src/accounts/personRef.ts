import { z } from "zod";

/** A person named by a record (author, owner, assignee): enough to show and to pick again. */
export const personRefSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;
