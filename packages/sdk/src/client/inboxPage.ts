import { z } from "zod";
import { escalationInboxMetaSchema } from "../cases/escalationWire.ts";
import type { HttpCore } from "./httpCore.ts";

/**
 * One page of an inbox list (escalations assigned to the caller, reveals of their interests): the
 * items and, from `meta`, how many there are and how many are unread.
 */
export async function inboxPage<S extends z.ZodType>(
  core: HttpCore,
  path: string,
  item: S,
  query: { unreadOnly?: boolean | "true" | "false"; limit?: number | string; offset?: number | string },
): Promise<{ items: z.infer<S>[]; count: number; unreadCount: number }> {
  const answer = await core.request("GET", path, {
    query: query as Record<string, string | number | boolean | undefined>,
    schema: z.array(item),
  });
  const meta = escalationInboxMetaSchema.safeParse(answer.meta);
  return {
    items: answer.data,
    count: meta.success ? meta.data.count : answer.data.length,
    unreadCount: meta.success ? meta.data.unreadCount : 0,
  };
}
