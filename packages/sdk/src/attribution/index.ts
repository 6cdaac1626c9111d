export { attributionLookupMaxUrns } from "./attributionLimits.ts";
export type { AttributionAddressRequest, AttributionEntityRequest } from "./attributionLookup.ts";
export {
  attributionAddressRequest,
  attributionAddressRequestSchema,
  attributionCacheMs,
  attributionEntityRequestSchema,
  attributionMessages,
} from "./attributionLookup.ts";
export type { AddressAttribution, AttributionTag, EntityAttribution } from "./attributionTag.ts";
export {
  addressAttributionResponseSchema,
  addressAttributionSchema,
  attributionTagSchema,
  attributionTagTypes,
  entityAttributionResponseSchema,
  entityAttributionSchema,
} from "./attributionTag.ts";
