import type { z } from "zod";
import { badRequest, issuesOf } from "./errors.ts";

/** Validates a body, query string or path parameters with an SDK schema; a mismatch answers 400. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest("The request is not valid", issuesOf(result.error));
  return result.data;
}

/**
 * Issue 41: text the store cannot hold (PostgreSQL refuses NUL in text and unpaired UTF-16
 * surrogates in UTF-8) is refused where it arrives, as 400, rather than failing in the store as 500.
 * Reads JSON-shaped values only: raw bodies (a file to import, an image) are the route's own.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\u0000") || !value.isWellFormed() ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    // Plain objects only: JSON bodies, and query strings, whose parser (fast-querystring) makes
    // objects of a prototype-less class of its own.
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null && Object.getPrototypeOf(prototype) !== null)
      return null;
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(key, [...path, key]) ?? findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function refuseUnstorableText(parts: { body: unknown; query: unknown; params: unknown }): void {
  for (const [where, value] of Object.entries(parts)) {
    const path = findUnstorableText(value);
    if (path)
      throw badRequest("Text may not hold NUL characters or unpaired surrogates", [
        { path: [where, ...path], code: "invalid_string", message: "NUL or an unpaired surrogate" },
      ]);
  }
}
