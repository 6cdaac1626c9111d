export type { CountryCode } from "./countries.ts";
export { audienceCountries, isAudienceCountry, isoCountries, sanctionedCountryCodes } from "./countries.ts";
export type {
  AudienceTab,
  InterestBulkBody,
  InterestForm,
  InterestFormInput,
  InterestSector,
  InterestViewer,
  InvestigationInterest,
  PrivacyOption,
  RevealAction,
  VisibilityLevel,
} from "./interest.ts";
export {
  audienceTabLevels,
  audienceTabSchema,
  audienceTabStorageKey,
  audienceTabs,
  canDeleteInterest,
  interestBulkBody,
  interestBulkBodySchema,
  interestDetailsVisible,
  interestElementsToSubmit,
  interestFormSchema,
  interestMessages,
  interestNoteMaxLength,
  interestSectorSchema,
  interestSectors,
  investigationInterestSchema,
  isOwnInterest,
  parseAudienceTab,
  privacyOptionSchema,
  privacyOptions,
  revealActionLabels,
  revealActionOf,
  showsIndicateInterestButton,
  visibilityLevelSchema,
  visibilityLevels,
  withVisibilityLevel,
} from "./interest.ts";
export type {
  InterestBulkRequest,
  InterestSearchResult,
  InterestUpdateRequest,
  Network,
  NetworkSettings,
} from "./interestWire.ts";
export {
  interestBulkRequestSchema,
  interestElementsMax,
  interestPathSchema,
  interestSearchQuerySchema,
  interestSearchRequestSchema,
  interestSearchResultSchema,
  interestUpdateRequestSchema,
  networkSchema,
  networkSettingsSchema,
} from "./interestWire.ts";
export type { RevealNotice, RevealNoticeQuery } from "./revealNotices.ts";
export {
  revealNoticeKinds,
  revealNoticeMessages,
  revealNoticeMetaSchema,
  revealNoticeQuerySchema,
  revealNoticeSchema,
} from "./revealNotices.ts";
