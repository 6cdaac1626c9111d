export type { AddressForm, DecodedAddress } from "./address.ts";
export {
  addressFormSchema,
  addressForms,
  addressFormsOf,
  addressPayloadLength,
  decodeAddress,
  displayAddress,
  encodeAddress,
  isValidAddress,
  normalizeAddress,
} from "./address.ts";
export type { ChainFamily, ChainId, ChainInfo } from "./chainRegistry.ts";
export {
  chainById,
  chainFamilies,
  chainFamilySchema,
  chainIdSchema,
  chainIds,
  chainInfo,
  chains,
  chainsOfFamily,
  defaultChain,
} from "./chainRegistry.ts";
export type { IdentifierRead } from "./identifierReadCorrection.ts";
export { correctIdentifierRead, hasChecksum } from "./identifierReadCorrection.ts";
export { isValidIpAddress, normalizeIpAddress } from "./inet.ts";
export type { IdentifierKind, RecognizedIdentifier, RecognizeOptions } from "./recognizeIdentifier.ts";
export { recognizeIdentifier } from "./recognizeIdentifier.ts";
export {
  encodeTransactionHash,
  isValidTransactionHash,
  normalizeTransactionHash,
} from "./transactionHash.ts";
export type { UrnKind, UrnParts } from "./urn.ts";
export {
  addressChainUrn,
  addressChainUrnSchema,
  anyEntityUrnSchema,
  assetUrn,
  assetUrnSchema,
  customEntityUrn,
  customEntityUrnSchema,
  entityUrn,
  entityUrnSchema,
  formatUrn,
  inetUrn,
  inetUrnSchema,
  isUrn,
  nativeAssetId,
  parseUrn,
  transactionUrn,
  transactionUrnSchema,
  urnKindPrefix,
  urnKindSchema,
  urnKinds,
  urnPartsSchema,
  urnSchema,
} from "./urn.ts";
