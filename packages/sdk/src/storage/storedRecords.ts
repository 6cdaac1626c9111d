import type { z } from "zod";

/**
 * Reads a local-storage map of records keyed by URN. 002 §8: storage failures are ignored, so
 * unreadable text gives an empty map and a damaged entry is dropped without losing the others.
 */
export function readStoredRecords<S extends z.ZodType>(
  raw: string | null,
  entrySchema: S,
): Record<string, z.infer<S>> {
  let value: unknown;
  try {
    value = raw === null ? {} : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const records: Record<string, z.infer<S>> = {};
  for (const [key, entry] of Object.entries(value)) {
    const parsed = entrySchema.safeParse(entry);
    if (parsed.success) records[key] = parsed.data;
  }
  return records;
}
