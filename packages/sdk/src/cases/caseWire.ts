import { z } from "zod";
import { personRefSchema } from "../accounts/personRef.ts";
import { caseSchema, newCaseSchema } from "./caseRecord.ts";
import { caseRelatableUrnSchema } from "./caseRelatables.ts";

/** 000 §9: GET /cases/ answers at most this many cases unless asked for fewer. */
export const casesDefaultLimit = 1000;

// Choice: bounds the specification leaves open.
export const caseLimits = { name: 200, note: 4_000, relatableNote: 500 } as const;

/** Messages of the cases screens the specification does not word (ours). */
export const caseMessages = {
  noCases: "There are no cases yet.",
  noMatchingCases: "No case matches these filters.",
  createFailed: "There was an issue creating the case. Please try again.",
  deleteFailed: "There was an issue deleting the case. Please try again.",
  attachFailed: "There was an issue adding this to the case. Please try again.",
  attached: "Added to the case.",
  loadFailed: "We had an issue loading cases. Please try again.",
} as const;

const instant = z.iso.datetime({ offset: true });

/**
 * 000 §3 relatable: an address, entity, transaction, custom entity, graph or flag attached to a
 * case. For a graph or a flag the server adds `label` (the graph's name, the flag's category) and,
 * for a flag, `subjectUrn` (the flagged element); both are null once the graph or flag is gone.
 */
export const caseRelatableSchema = z.object({
  resourceUrn: z.string(),
  note: z.string().nullable(),
  addedAt: instant.nullable(),
  label: z.string().nullable().optional(),
  subjectUrn: z.string().nullable().optional(),
});
export type CaseRelatable = z.infer<typeof caseRelatableSchema>;

export const caseNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: instant,
  author: personRefSchema.nullable(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

/** A case as the server answers it: 000 §3 fields plus owner, description and dates. */
export const caseRecordSchema = caseSchema.extend({
  ownerUserId: z.string(),
  owner: personRefSchema.nullable(),
  description: z.string().nullable(),
  relatables: z.array(caseRelatableSchema).optional(),
  notes: z.array(caseNoteSchema).optional(),
  createdAt: instant,
  updatedAt: instant,
});
export type CaseRecord = z.infer<typeof caseRecordSchema>;

const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1");

/** 000 §7 GET /cases/ query: includeCaseRelatables, isSharedWithOrg, limit, offset, ownerUserId. */
export const casesQuerySchema = z.object({
  includeCaseRelatables: queryBoolean.default(false),
  isSharedWithOrg: queryBoolean.optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(casesDefaultLimit).default(casesDefaultLimit),
  offset: z.coerce.number<string | number>().int().min(0).max(1_000_000).default(0),
  ownerUserId: z.coerce.number<string | number>().int().min(1).max(2_147_483_647).optional(),
});
export type CasesQuery = z.input<typeof casesQuerySchema>;

const caseName = z.string().trim().min(1).max(caseLimits.name);

/** 002 §7 POST /cases as the server accepts it. */
export const createCaseRequestSchema = z.strictObject({
  name: caseName,
  isSharedWithOrg: newCaseSchema.shape.isSharedWithOrg,
  description: z.string().trim().max(caseLimits.note).optional(),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;

/** 000 §7 PATCH /cases/{caseId}: rename, share with the organization, describe. */
export const updateCaseRequestSchema = z
  .strictObject({
    name: caseName.optional(),
    isSharedWithOrg: z.boolean().optional(),
    description: z.string().trim().max(caseLimits.note).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "Nothing to update" });
export type UpdateCaseRequest = z.input<typeof updateCaseRequestSchema>;

/** POST /cases/{caseId}/relatables (ours): attach an element, a saved graph or a flag. */
export const attachRelatableRequestSchema = z.strictObject({
  resourceUrn: caseRelatableUrnSchema,
  note: z.string().trim().max(caseLimits.relatableNote).optional(),
});
export type AttachRelatableRequest = z.input<typeof attachRelatableRequestSchema>;

/** POST /cases/{caseId}/notes (ours). */
export const caseNoteRequestSchema = z.strictObject({
  text: z.string().trim().min(1).max(caseLimits.note),
});

/** A case id in a path: the positive integer the store hands out. */
export const caseIdParamSchema = z.object({
  caseId: z.coerce.number<string | number>().int().min(1).max(2_147_483_647),
});

/** The record's case in the 000 §3 shape, for screens that only need it. */
export function caseOf(record: CaseRecord): z.infer<typeof caseSchema> {
  return {
    id: record.id,
    name: record.name,
    ownerUserId: record.ownerUserId,
    isSharedWithOrg: record.isSharedWithOrg,
  };
}
