import { z } from "zod";
import { personRefSchema } from "../accounts/personRef.ts";
import { notifyVaspRequestSchema } from "../beacon/notification.ts";
import { anyEntityUrnSchema, urnSchema } from "../chains/urn.ts";
import { statusReportRequestSchema } from "../search/searchInput.ts";

// Choice: bounds the specification leaves open.
const details = z.string().trim().max(4_000);
const short = z.string().trim().max(300);

/**
 * 000 §7 User reports: every POST under /user-report/ and its body. The specification names the
 * fields of notify-vasp-request, status-report and tag-report; the other bodies are ours: the
 * subject they are about (a URN) and the user's words. Unknown fields answer 400.
 */
export const userReportBodySchemas = {
  "attribution-report": z.strictObject({ trmResourceUrn: urnSchema, details: details.min(1) }),
  "attribution-request": z.strictObject({ trmResourceUrn: urnSchema, details: details.optional() }),
  "chainabuse-pro-request": z.strictObject({ details: details.optional() }),
  "data-refresh": z.strictObject({ trmResourceUrn: urnSchema, details: details.optional() }),
  "demix-request": z.strictObject({ trmResourceUrn: urnSchema, details: details.optional() }),
  "le-contact-update-request": z.strictObject({
    entityUrn: anyEntityUrnSchema,
    email: z.email().max(320),
    details: details.optional(),
  }),
  "notify-vasp-request": notifyVaspRequestSchema.strict(),
  "status-report": statusReportRequestSchema
    .extend({ query: short.min(1), details: details.optional() })
    .strict(),
  "tag-report": z.strictObject({
    address: short.min(1),
    category: short.min(1),
    categoryId: z.union([z.string().max(40), z.number().int()]),
    chain: short.min(1),
    entity: short,
    entityUrn: anyEntityUrnSchema.nullable(),
  }),
} as const;

export type UserReportKind = keyof typeof userReportBodySchemas;
export const userReportKinds = Object.keys(userReportBodySchemas) as [UserReportKind, ...UserReportKind[]];
export const userReportKindSchema = z.enum(userReportKinds);
export type UserReportBody<K extends UserReportKind> = z.input<(typeof userReportBodySchemas)[K]>;

/** What the palette calls each report (ours). */
export const userReportTitles: Record<UserReportKind, string> = {
  "attribution-report": "Report a wrong attribution",
  "attribution-request": "Request an attribution",
  "chainabuse-pro-request": "Request Chainabuse Pro access",
  "data-refresh": "Request a data refresh",
  "demix-request": "Request demixing",
  "le-contact-update-request": "Update a law-enforcement contact",
  "notify-vasp-request": "Notify a service provider",
  "status-report": "Request information",
  "tag-report": "Report a tag",
};

export const userReportMessages = {
  sent: "Thank you. Your request has been sent.",
  noReports: "No reports have been sent from this organization.",
} as const;

/** A stored report as POST answers it and GET /user-report lists it (admins). */
export const userReportRecordSchema = z.object({
  id: z.number().int().positive(),
  kind: userReportKindSchema,
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
  user: personRefSchema.nullable(),
});
export type UserReportRecord = z.infer<typeof userReportRecordSchema>;

/** Query of GET /user-report (ours): the organization's reports, newest first, for its admins. */
export const userReportListQuerySchema = z.object({
  kind: userReportKindSchema.optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(500).default(100),
  offset: z.coerce.number<string | number>().int().min(0).max(1_000_000).default(0),
});
export type UserReportListQuery = z.input<typeof userReportListQuerySchema>;
