export type { AddressProperties, AddressType } from "./addressProperties.ts";
export {
  addressPropertiesSchema,
  addressPropertyTags,
  addressTypeLabels,
  addressTypes,
  multisigTypeSchema,
} from "./addressProperties.ts";
