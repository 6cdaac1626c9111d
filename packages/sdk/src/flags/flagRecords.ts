import { z } from "zod";
import { personRefSchema } from "../accounts/personRef.ts";
import { urnSchema } from "../chains/urn.ts";
import { flagCategoryIds, flagCategoryOf, otherFlagCategoryId } from "./categories.ts";
import { contactEmailListSchema, flagMessages, userAttributionSchema } from "./flagForm.ts";

// Choice: bounds the specification leaves open, so a body can never hold an unbounded string.
export const flagLimits = {
  evidence: 20_000,
  category: 120,
  contactEmail: 2_000,
  resourceUrns: 100,
} as const;

/**
 * 001 §7 POST v1/user-attributions as the server accepts it: every 001 §5 rule the form applies,
 * checked again (a CLI or script may send anything), and no field the record does not have.
 * The label is the server's (from categoryId); the one sent is only checked for length.
 */
export const userAttributionRequestSchema = z
  .strictObject({
    trmResourceUrn: urnSchema,
    categoryId: z.enum(flagCategoryIds, { error: flagMessages.categoryRequired }),
    categoryLabel: z.string().max(flagLimits.category).optional(),
    userProvidedCategory: z.string().trim().max(flagLimits.category).nullable().optional(),
    evidenceDescription: z.string().trim().min(1).max(flagLimits.evidence),
    resourceUrns: z.array(urnSchema).max(flagLimits.resourceUrns).optional(),
    contactEmail: z.string().max(flagLimits.contactEmail).pipe(contactEmailListSchema),
    shouldPropagate: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.categoryId === otherFlagCategoryId && !body.userProvidedCategory) {
      context.addIssue({
        code: "custom",
        path: ["userProvidedCategory"],
        message: flagMessages.otherCategoryRequired,
      });
    }
  })
  .transform((body) => ({
    ...body,
    categoryLabel: flagCategoryOf(body.categoryId)?.label ?? body.categoryId,
    userProvidedCategory:
      body.categoryId === otherFlagCategoryId ? (body.userProvidedCategory ?? null) : null,
    resourceUrns:
      body.resourceUrns && body.resourceUrns.length > 0 ? body.resourceUrns : [body.trmResourceUrn],
    shouldPropagate: body.shouldPropagate ?? false,
  }));
export type UserAttributionRequest = z.output<typeof userAttributionRequestSchema>;

/**
 * A flag as GET v1/users/user-attributions lists it (docs/API.md "Flags"): the 001 §3 fields, when
 * and by whom, and whether it is the caller's organization's. Another organization's flag is only
 * listed when it was propagated, and then without evidence, contact or author.
 */
export const userAttributionRecordSchema = userAttributionSchema.extend({
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: personRefSchema.nullable(),
  isOwnOrganization: z.boolean(),
});
export type UserAttributionRecord = z.infer<typeof userAttributionRecordSchema>;

const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/** Query of GET v1/users/user-attributions (ours: the specification names no parameter). */
export const userAttributionListQuerySchema = z.object({
  trmResourceUrn: urnSchema.optional(),
  limit: queryInt(1, 1000).default(100),
  offset: queryInt(0, 1_000_000).default(0),
});
export type UserAttributionListQuery = z.input<typeof userAttributionListQuerySchema>;
