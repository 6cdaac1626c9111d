import { z } from "zod";
import { type Compatibility, compatibilitySchema } from "../customEntities/compatibility.ts";
import { customEntityCreateErrorMessage } from "../customEntities/customEntity.ts";
import {
  type CreateCustomEntityBody,
  type CustomEntityDetail,
  customEntityDetailSchema,
  customEntityRiskInfoSchema,
  customEntityRiskScoreSchema,
  type RefreshStatusAnswer,
  refreshStatusAnswerSchema,
  type UpdateCustomEntityBody,
  validateNameSchema,
} from "../customEntities/customEntityRequests.ts";
import { collaboratorsSchema, type SharingOperation } from "../sharing/collaborators.ts";
import { sharingMessages } from "../sharing/sharingMessages.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";

const path = "/v1/custom-entities";
const uuidPath = (uuid: string) => `${path}/${encodeURIComponent(uuid)}`;

/** Re-raises a failure with the message a person should read, keeping status and code. */
function withMessage(error: unknown, message: (serverMessage: string | undefined) => string): never {
  if (!(error instanceof ApiError)) throw error;
  // Transport failures carry the transport's words; only the server's own words are preferred.
  const serverMessage = error.status >= 400 && error.status < 500 ? error.message : undefined;
  throw new ApiError({
    status: error.status,
    code: error.code,
    message: message(serverMessage),
    requestId: error.requestId,
    details: error.details,
  });
}

/**
 * 000 §7 "Custom entities", the custom-entity risk calls, and the 002 §7 collaborators. Pages of
 * the list are 10 (000 §9); `list` answers one page and the total.
 */
export function customEntitiesApi(core: HttpCore) {
  return {
    list: async (options: { limit?: number; offset?: number; signal?: AbortSignal } = {}) => {
      const answer = await core.request("GET", path, {
        query: { limit: options.limit, offset: options.offset },
        schema: z.array(customEntityDetailSchema),
        signal: options.signal,
      });
      return { items: answer.data, count: Number(answer.meta?.count ?? answer.data.length) };
    },
    get: async (uuid: string, signal?: AbortSignal): Promise<CustomEntityDetail> =>
      (await core.request("GET", uuidPath(uuid), { schema: customEntityDetailSchema, signal })).data,
    /** 000 §8: a failure carries the server's message when present, else the spec's sentence. */
    create: async (body: CreateCustomEntityBody): Promise<CustomEntityDetail> => {
      try {
        return (
          await core.request("POST", path, { body, schema: customEntityDetailSchema, idempotencyKey: true })
        ).data;
      } catch (error) {
        return withMessage(error, customEntityCreateErrorMessage);
      }
    },
    update: async (uuid: string, body: UpdateCustomEntityBody): Promise<CustomEntityDetail> =>
      (await core.request("PATCH", uuidPath(uuid), { body, schema: customEntityDetailSchema })).data,
    remove: async (uuids: readonly string[]) => {
      await core.request("DELETE", path, { body: { uuids }, schema: z.unknown() });
    },
    validateName: async (name: string, signal?: AbortSignal) =>
      (
        await core.request("GET", `${path}/validate-name`, {
          query: { name },
          schema: validateNameSchema,
          signal,
        })
      ).data,
    compatibility: async (resourceUrns: readonly string[], signal?: AbortSignal): Promise<Compatibility> =>
      (
        await core.request("POST", "/trm-insights/v1/custom-entity/compatibility", {
          body: { resourceUrns },
          schema: compatibilitySchema,
          signal,
        })
      ).data,
    refreshStatus: async (customEntityUuid: string, signal?: AbortSignal): Promise<RefreshStatusAnswer> =>
      (
        await core.request("GET", `${path}/refresh/status`, {
          query: { customEntityUuid },
          schema: refreshStatusAnswerSchema,
          signal,
        })
      ).data,
    /** Starts a new refresh of the four parts (editors only); answers the status it starts from. */
    refresh: async (customEntityUuid: string): Promise<RefreshStatusAnswer> =>
      (
        await core.request("POST", `${path}/refresh/status`, {
          body: { customEntityUuid },
          schema: refreshStatusAnswerSchema,
        })
      ).data,
    riskInfo: async (entityUrn: string, signal?: AbortSignal) =>
      (
        await core.request("POST", "/trm-insights/v5/risk/custom-entity/risk-score/info", {
          body: { entityUrn },
          schema: customEntityRiskInfoSchema,
          signal,
        })
      ).data,
    riskScore: async (entityId: string, signal?: AbortSignal) =>
      (
        await core.request("POST", "/risk/custom-entity/risk-score", {
          body: { entityId },
          schema: customEntityRiskScoreSchema,
          signal,
        })
      ).data,
    collaborators: async (uuid: string, signal?: AbortSignal) =>
      (await core.request("GET", `${uuidPath(uuid)}/collaborators`, { schema: collaboratorsSchema, signal }))
        .data,
    /** 002 §8: a failure carries the server's message, or 'Failed to update sharing settings…'. */
    share: async (uuid: string, operations: readonly SharingOperation[]) => {
      try {
        return (
          await core.request("PATCH", `${uuidPath(uuid)}/collaborators`, {
            body: operations,
            schema: collaboratorsSchema,
          })
        ).data;
      } catch (error) {
        return withMessage(error, (message) => message?.trim() || sharingMessages.updateFailed);
      }
    },
  };
}
