import type { z } from "zod";
import { badRequest, issuesOf } from "./errors.ts";

/** Validates a body, query string or path parameters with an SDK schema; a mismatch answers 400. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest("The request is not valid", issuesOf(result.error));
  return result.data;
}
