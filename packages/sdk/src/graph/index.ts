export type {
  AddMultipleEntry,
  AddMultipleItem,
  AddMultipleResult,
  AddMultipleStatus,
} from "./addMultiple.ts";
export {
  addMultipleLimits,
  addToGraphDebounceMs,
  detectAddMultipleItems,
  parseAddMultiple,
  selectAddMultipleChain,
  validateAddMultiple,
} from "./addMultiple.ts";
export type {
  GraphElement,
  GraphElementType,
  GraphRecord,
  OffChainEdgeForm,
  OffChainNodeForm,
} from "./graphElements.ts";
export {
  formatOffChainTimestamp,
  graphElementSchema,
  graphRecordSchema,
  offChainEdgeFormSchema,
  offChainNodeFormSchema,
  offChainNodeIcons,
  offChainTimestampPattern,
} from "./graphElements.ts";
export type {
  CheckboxState,
  GraphExportGroup,
  GraphExportSelection,
  GraphExportStep,
} from "./graphExport.ts";
export {
  graphCsvFileName,
  graphExportAllState,
  graphExportGroupState,
  graphExportGroups,
  graphExportImageSize,
  graphExportMaxDimension,
  isGraphExportDownloadDisabled,
  needsOffChainExportWarning,
  nextGraphExportStep,
  toggleGraphExportAll,
  toggleGraphExportElement,
  toggleGraphExportGroup,
  unnamedGraphFileName,
} from "./graphExport.ts";
export { graphMessages } from "./graphMessages.ts";
