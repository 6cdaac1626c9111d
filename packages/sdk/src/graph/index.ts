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
  CreateGraphBody,
  GraphDocument,
  GraphEdge,
  GraphEdgeType,
  GraphNode,
  GraphNodeInfo,
  GraphNodeType,
  GraphSummary,
  PatchGraphBody,
  SavedGraph,
} from "./graphDocument.ts";
export {
  canEditGraphs,
  createGraphBodySchema,
  emptyGraphDocument,
  flowEdgeId,
  graphDocumentLimits,
  graphDocumentSchema,
  graphEdgeSchema,
  graphEdgeTypes,
  graphEditorRoleMessage,
  graphNodeInfoSchema,
  graphNodeOf,
  graphNodeSchema,
  graphNodeTypes,
  graphSummarySchema,
  patchGraphBodySchema,
  savedGraphSchema,
} from "./graphDocument.ts";
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
  ExpandDirection,
  ExpandNeighbour,
  ExpandRequest,
  ExpandResult,
  GraphFlow,
  GraphNodesRequest,
  TraceNode,
  TracePath,
  TraceRequest,
  TraceResult,
  TraceStopReason,
} from "./graphExplore.ts";
export {
  describeTraceCut,
  describeUnpricedFlows,
  expandDefaultLimit,
  expandDirections,
  expandMaxLimit,
  expandRequestSchema,
  expandResultSchema,
  graphFlowSchema,
  graphNodesLookupMax,
  graphNodesRequestSchema,
  parseMinAmount,
  traceLimits,
  traceRequestSchema,
  traceResultSchema,
  traceStopCategoryKeys,
  traceStopReasons,
} from "./graphExplore.ts";
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
  graphGridLines,
  graphGridSize,
  isGraphExportDownloadDisabled,
  needsOffChainExportWarning,
  nextGraphExportStep,
  toggleGraphExportAll,
  toggleGraphExportElement,
  toggleGraphExportGroup,
  unnamedGraphFileName,
} from "./graphExport.ts";
export type { ParsedGraphml } from "./graphFormats.ts";
export {
  graphExportAvailable,
  graphExportGroupOfEdge,
  graphExportGroupOfNode,
  parseGexf,
  parseGraphml,
  toGexf,
  toGraphCsv,
  toGraphml,
} from "./graphFormats.ts";
export { graphMessages } from "./graphMessages.ts";
export type { OpReturnView } from "./opReturn.ts";
export { readOpReturn } from "./opReturn.ts";
export type { TrmFile } from "./trmFile.ts";
export {
  graphExportQuerySchema,
  parseTrmFile,
  trmFileExtension,
  trmFileFormat,
  trmFileName,
  trmFileSchema,
  trmFileVersion,
  trmMediaType,
} from "./trmFile.ts";
