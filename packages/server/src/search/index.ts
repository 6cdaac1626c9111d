export { addressPropertiesOf } from "./addressProperties.ts";
export { addressAttribution, entityAttribution } from "./attributionLookup.ts";
export { entityCategoryTag, tagsOfAddresses } from "./attributionTags.ts";
export type { AutocompletePage, AutocompleteQuery } from "./autocomplete.ts";
export {
  addressAutocomplete,
  autocomplete,
  customEntityAutocomplete,
  entityAutocomplete,
  inetAutocomplete,
} from "./autocomplete.ts";
export type { AddressOwner } from "./ownerTag.ts";
export { withOwnerTag } from "./ownerTag.ts";
export type { AddressLookup, InetLookup, PrefixRange } from "./queryPatterns.ts";
export { addressLookup, entitySlugOf, inetLookup, prefixRange, wildcardPattern } from "./queryPatterns.ts";
export { searchConfiguration } from "./searchConfiguration.ts";
export { saveStatusReport } from "./statusReports.ts";
export { lookupTransactions, unitsOf } from "./transactionLookup.ts";
