export { activityApi, authApi, featureFlagsApi, organizationsApi, preferencesApi } from "./accountApi.ts";
export type { ClientConfig, RequestOptions } from "./client.ts";
export { HttpCore, organizationHeader, requestIdHeader } from "./client.ts";
export type { ErrorCode, ErrorEnvelope } from "./errors.ts";
export { ApiError, errorCodeSchema, errorCodes, errorEnvelopeSchema, isApiError } from "./errors.ts";
export { createFetchTransport } from "./fetchTransport.ts";
export { SleuthClient } from "./sleuthClient.ts";
export type { HttpMethod, RetryPolicy, Transport, TransportRequest, TransportResponse } from "./transport.ts";
export { defaultRetryPolicy, retryDelayMs } from "./transport.ts";
