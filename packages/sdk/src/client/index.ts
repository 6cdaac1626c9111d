export { activityApi, authApi, featureFlagsApi, organizationsApi, preferencesApi } from "./accountApi.ts";
export { asyncJobsApi } from "./asyncJobsApi.ts";
export type { BulkCallOptions, Selected } from "./bulkAnswers.ts";
export type { BulkResult } from "./bulkRequests.ts";
export { bulkInBatches } from "./bulkRequests.ts";
export { casesApi, escalationsApi } from "./casesApi.ts";
export { customEntitiesApi } from "./customEntitiesApi.ts";
export { detectorsApi } from "./detectorsApi.ts";
export type { ErrorCode, ErrorEnvelope } from "./errors.ts";
export { ApiError, errorCodeSchema, errorCodes, errorEnvelopeSchema, isApiError } from "./errors.ts";
export { createFetchTransport } from "./fetchTransport.ts";
export { flagsApi } from "./flagsApi.ts";
export { flowsApi, holdingsApi, observationsApi } from "./flowsApi.ts";
export { graphExportAnswerSchema, graphsApi } from "./graphsApi.ts";
export type { AnswerIssue, ClientConfig, RequestOptions } from "./httpCore.ts";
export { HttpCore, organizationHeader, requestIdHeader } from "./httpCore.ts";
export type { ImportBody, ImportFormat, ImportResult, ImportRunOptions } from "./importsApi.ts";
export { importFormatSchema, importFormats, importResultSchema, importsApi } from "./importsApi.ts";
export { interestsApi } from "./interestsApi.ts";
export { metricsApi, riskApi } from "./metricsApi.ts";
export type { BatchOutcome } from "./runInBatches.ts";
export { runInBatches } from "./runInBatches.ts";
export type { AutocompleteAnswer, CallOptions } from "./searchApi.ts";
export { attributionApi, searchApi } from "./searchApi.ts";
export type { Sleep } from "./sleep.ts";
export { sleep } from "./sleep.ts";
export { SleuthClient } from "./sleuthClient.ts";
export type { AutoPagingOptions, TransferPage, UncheckedTransferPage } from "./transfersApi.ts";
export { autoPageTransfers, transfersApi } from "./transfersApi.ts";
export type { HttpMethod, RetryPolicy, Transport, TransportRequest, TransportResponse } from "./transport.ts";
export {
  defaultRetryPolicy,
  retryAfterMs,
  retryDelayMs,
} from "./transport.ts";
export type { ImageScanOptions, ImageScanResult, TriageReport, TriageSummaryCalls } from "./triageApi.ts";
export { triageApi } from "./triageApi.ts";
export type { UploadOptions } from "./uploadRequest.ts";
export { uploadForm } from "./uploadRequest.ts";
export { userReportsApi } from "./userReportsApi.ts";
