import { z } from "zod";
import { personRefSchema } from "../accounts/personRef.ts";
import { escalationInboxMetaSchema, escalationInboxQuerySchema } from "../cases/escalationWire.ts";

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

/**
 * Query and meta of GET /v1/users/investigation-interests/reveals: the inbox pages and counts its
 * lists alike, so the notices take the escalations' (ours).
 */
export const revealNoticeQuerySchema = escalationInboxQuerySchema;
export type RevealNoticeQuery = z.input<typeof revealNoticeQuerySchema>;
export const revealNoticeMetaSchema = escalationInboxMetaSchema;

/** The inbox texts of reveal notices (ours: 001 §8 words none). */
export const revealNoticeMessages = {
  empty: "No one has revealed your interests yet.",
  loadFailed: "We had an issue loading who revealed your interests. Please try again.",
  revealed: "revealed your interest in",
  contactRequested: "asks to contact you about",
} as const;
