import { z } from "zod";
import { personRefSchema } from "../accounts/personRef.ts";
import { urnSchema } from "../chains/urn.ts";

// Choice: bounds the specification leaves open.
export const escalationLimits = { assignees: 50, alias: 200, note: 4_000 } as const;

/** 002 §7 POST /triage/v1/trm-entity/escalate as the server accepts it. */
export const escalateRequestSchema = z.strictObject({
  assignToUserUuids: z.array(z.uuid()).min(1).max(escalationLimits.assignees),
  alias: z.string().max(escalationLimits.alias),
  caseId: z.string().regex(/^[1-9]\d{0,9}$/, "Not a case id"),
  customNote: z.string().max(escalationLimits.note),
  trmUrn: urnSchema,
});
export type EscalateRequest = z.input<typeof escalateRequestSchema>;

/** An escalation as the server answers it; `readAt` is the caller's own (null when unread or not assigned). */
export const escalationSchema = z.object({
  uuid: z.uuid(),
  caseId: z.string(),
  caseName: z.string(),
  trmUrn: z.string(),
  alias: z.string(),
  customNote: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: personRefSchema.nullable(),
  assignees: z.array(personRefSchema),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Escalation = z.infer<typeof escalationSchema>;

/** Query of GET /v1/users/escalations, the caller's inbox (ours). */
export const escalationInboxQuerySchema = z.object({
  unreadOnly: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((value) => value === true || value === "true")
    .default(false),
  limit: z.coerce.number<string | number>().int().min(1).max(500).default(100),
  offset: z.coerce.number<string | number>().int().min(0).max(1_000_000).default(0),
});

export const escalationInboxMetaSchema = z.object({ count: z.number().int(), unreadCount: z.number().int() });
export type EscalationInboxMeta = z.infer<typeof escalationInboxMetaSchema>;

export const uuidParamSchema = z.object({ uuid: z.uuid() });

/** The inbox's own texts (ours). */
export const inboxMessages = {
  empty: "No escalations are assigned to you.",
  loadFailed: "We had an issue loading your escalations. Please try again.",
  escalated: "Escalated. The people you chose will see it in their inbox.",
} as const;
