import { z } from "zod";
import { personRefSchema } from "../account/personRef.ts";

/**
 * 001 §4 'Reveal and Notify' as the author receives it: someone revealed an open interest of theirs
 * whose reveal notification is on (REVEAL), or asked to contact them about a private one
 * (CONTACT_REQUEST). The notice names who did it and from which organization, so the author can
 * reach them; it sits in the author's inbox until read.
 */
export const revealNoticeKinds = ["REVEAL", "CONTACT_REQUEST"] as const;

export const revealNoticeSchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(revealNoticeKinds),
  interestUuid: z.uuid(),
  trmResourceUrn: z.string(),
  /** The author's own note on the interest, to recall which one it was. */
  note: z.string(),
  revealedBy: personRefSchema.nullable(),
  organization: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type RevealNotice = z.infer<typeof revealNoticeSchema>;

/** Query of GET /v1/users/investigation-interests/reveals, the author's notices (ours). */
export const revealNoticeQuerySchema = z.object({
  unreadOnly: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((value) => value === true || value === "true")
    .default(false),
  limit: z.coerce.number<string | number>().int().min(1).max(500).default(100),
  offset: z.coerce.number<string | number>().int().min(0).max(1_000_000).default(0),
});
export type RevealNoticeQuery = z.input<typeof revealNoticeQuerySchema>;

export const revealNoticeMetaSchema = z.object({ count: z.number().int(), unreadCount: z.number().int() });

/** The inbox texts of reveal notices (ours: 001 §8 words none). */
export const revealNoticeMessages = {
  empty: "No one has revealed your interests yet.",
  loadFailed: "We had an issue loading who revealed your interests. Please try again.",
  revealed: "revealed your interest in",
  contactRequested: "asks to contact you about",
} as const;
