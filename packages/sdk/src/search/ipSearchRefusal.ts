import { z } from "zod";

/**
 * The `details` of the server's 403 when 002 §6's IP rule refuses an inet search (docs/API.md
 * "Search"): the 002 §8 texts, one sentence each, for a client to show as they are.
 */
export const ipSearchRefusalSchema = z.object({ messages: z.array(z.string()).min(1) });
export type IpSearchRefusal = z.infer<typeof ipSearchRefusalSchema>;

/** The refusal's texts when `error` is that 403, else null (any other failure is the caller's). */
export function ipSearchRefusalOf(error: unknown): readonly string[] | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, details } = error as { status?: unknown; details?: unknown };
  if (status !== 403) return null;
  const parsed = ipSearchRefusalSchema.safeParse(details);
  return parsed.success ? parsed.data.messages : null;
}
