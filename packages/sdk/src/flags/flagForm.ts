import { z } from "zod";
import { urnSchema } from "../chains/urn.ts";
import { flagCategoryIds, flagCategoryOf, otherFlagCategoryId } from "./categories.ts";
import { parseEmailList } from "./emails.ts";

/** 001 §9: each flag text field needs at least 3 words. */
export const minimumFlagWords = 3;
/** 001 §4 / §9: after a successful flag the modal closes and plots clear after 3000 ms. */
export const flagSuccessDelayMs = 3000;

/**
 * 'field too short' is the specification's exact text (001 §5); the others are ours (001 §8 gives
 * none), the flags list's and its remove action's included.
 */
export const flagMessages = {
  fieldTooShort: "field too short",
  categoryRequired: "Select a category",
  otherCategoryRequired: "Enter a category name",
  emailRequired: "Enter a contact email",
  invalidEmail: "Enter valid email addresses, separated by commas",
  success: "Thank you. Your flag has been submitted.",
  failed: "There was an issue submitting your flag. Please try again.",
  none: "No flags on this element.",
  removed: "Flag removed.",
  removeFailed: "There was an issue removing the flag. Please try again.",
} as const;

export function flagWordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== "").length;
}

const flagTextSchema = z
  .string()
  .trim()
  .refine((text) => flagWordCount(text) >= minimumFlagWords, { message: flagMessages.fieldTooShort });

/** 001 §5: one or more comma-separated addresses, normalised to "a@x.org, b@y.org". */
export const contactEmailListSchema = z
  .string()
  .superRefine((input, context) => {
    const { emails, invalid } = parseEmailList(input);
    if (emails.length === 0) context.addIssue({ code: "custom", message: flagMessages.emailRequired });
    else if (invalid.length > 0) context.addIssue({ code: "custom", message: flagMessages.invalidEmail });
  })
  .transform((input) => parseEmailList(input).emails.join(", "));

/** The four free-text fields, in the order the form shows them. */
export const flagTextFields = {
  activitySummary: "Activity summary",
  valueOriginTimeframe: "Value, origin and timeframe",
  investigativeIntent: "Investigative intent",
  requestedAction: "Requested action",
} as const;
export type FlagTextField = keyof typeof flagTextFields;

/**
 * 001 §5 flag form: category required; a typed name when the category is OTHER; four text fields of
 * at least 3 words each ('field too short'); a contact email list. Submit stays disabled until this
 * parses.
 */
export const flagFormSchema = z
  .object({
    categoryId: z.enum(flagCategoryIds, { error: flagMessages.categoryRequired }),
    userProvidedCategory: z.string().trim().optional(),
    activitySummary: flagTextSchema,
    valueOriginTimeframe: flagTextSchema,
    investigativeIntent: flagTextSchema,
    requestedAction: flagTextSchema,
    contactEmail: contactEmailListSchema,
  })
  .superRefine((form, context) => {
    if (form.categoryId === otherFlagCategoryId && !form.userProvidedCategory) {
      context.addIssue({
        code: "custom",
        path: ["userProvidedCategory"],
        message: flagMessages.otherCategoryRequired,
      });
    }
  });
export type FlagFormInput = z.input<typeof flagFormSchema>;
export type FlagForm = z.output<typeof flagFormSchema>;

/** 001 §3 User attribution (flag). */
export const userAttributionSchema = z.object({
  uuid: z.uuid(),
  trmResourceUrn: urnSchema,
  categoryId: z.string(),
  categoryLabel: z.string(),
  userProvidedCategory: z.string().nullable(),
  evidenceDescription: z.string(),
  resourceUrns: z.array(urnSchema),
  contactEmail: z.string(),
  shouldPropagate: z.boolean(),
});
export type UserAttribution = z.infer<typeof userAttributionSchema>;

/** 001 §7 POST v1/user-attributions. */
export const createUserAttributionBodySchema = userAttributionSchema.omit({ uuid: true });
export type CreateUserAttributionBody = z.infer<typeof createUserAttributionBodySchema>;

/**
 * The request body for a valid form. The four text fields travel together as evidenceDescription,
 * one headed paragraph each, so the provider reads them in the order the user wrote them.
 */
export function userAttributionBody(
  form: FlagForm,
  target: { trmResourceUrn: string; resourceUrns?: string[]; shouldPropagate?: boolean },
): CreateUserAttributionBody {
  const evidenceDescription = (Object.keys(flagTextFields) as FlagTextField[])
    .map((field) => `${flagTextFields[field]}:\n${form[field]}`)
    .join("\n\n");
  return {
    trmResourceUrn: target.trmResourceUrn,
    categoryId: form.categoryId,
    categoryLabel: flagCategoryOf(form.categoryId)?.label ?? form.categoryId,
    userProvidedCategory:
      form.categoryId === otherFlagCategoryId ? (form.userProvidedCategory ?? null) : null,
    evidenceDescription,
    resourceUrns: target.resourceUrns ?? [target.trmResourceUrn],
    contactEmail: form.contactEmail,
    shouldPropagate: target.shouldPropagate ?? false,
  };
}
