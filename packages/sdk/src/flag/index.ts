export type { FlagCategory, FlagCategoryGroup, FlagCategoryId } from "./categories.ts";
export {
  flagCategories,
  flagCategoriesByGroup,
  flagCategoryGroups,
  flagCategoryIds,
  flagCategoryOf,
  otherFlagCategoryId,
} from "./categories.ts";
export { emailLimits, isValidContactEmail, parseEmailList } from "./emails.ts";
export type {
  CreateUserAttributionBody,
  FlagForm,
  FlagFormInput,
  FlagTextField,
  UserAttribution,
} from "./flagForm.ts";
export {
  contactEmailListSchema,
  createUserAttributionBodySchema,
  flagFormSchema,
  flagMessages,
  flagSuccessDelayMs,
  flagTextFields,
  flagWordCount,
  minimumFlagWords,
  userAttributionBody,
  userAttributionSchema,
} from "./flagForm.ts";
export type {
  UserAttributionListQuery,
  UserAttributionRecord,
  UserAttributionRequest,
} from "./flagRecords.ts";
export {
  flagLimits,
  userAttributionListQuerySchema,
  userAttributionRecordSchema,
  userAttributionRequestSchema,
} from "./flagRecords.ts";
