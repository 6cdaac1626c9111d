import { z } from "zod";

// 000 §4 and 002 §7: the user activity log. The spec does not show its endpoint; we use
// POST/GET /user-activity (docs/API.md).
export const activityActions = [
  "login",
  "organization_switch",
  "search_query",
  // 000 §5: a search that recognises nothing and finds nothing.
  "search_failed",
  "suggestion_selected",
  "download",
  "address_viewed",
  "transaction_viewed",
  "address_escalated",
  "report_downloaded",
  "victim_reports.viewed",
  "contact_info_viewed",
  // 002 §2: opening a Details section of the triage address page (details: section, urn).
  "triage_section_opened",
  // 000 §8: each custom-entity unsupported reason shown is tracked, with its resources.
  "custom_entity_unsupported",
] as const;
export const activityActionSchema = z.enum(activityActions);
export type ActivityAction = z.infer<typeof activityActionSchema>;

export const logActivityBodySchema = z.object({
  action: activityActionSchema,
  details: z.record(z.string(), z.unknown()).default({}),
});
export type LogActivityBody = z.input<typeof logActivityBodySchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: activityActionSchema,
  details: z.record(z.string(), z.unknown()),
  organizationUuid: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
