import { z } from "zod";

// Query strings of the account calls (docs/API.md): they arrive as text, so numbers and booleans are coerced.
const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1");

export const membersQuerySchema = z.object({ includeMemberStrategies: queryBoolean.default(false) });

export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
