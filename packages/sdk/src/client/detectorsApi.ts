import { z } from "zod";
import {
  type CreateDetectorBody,
  type DetectorAlertListQuery,
  type DetectorListQuery,
  detectorAlertSchema,
  detectorSchema,
} from "../detectors/detectorRecords.ts";
import type { HttpCore } from "./httpCore.ts";

const detectors = z.array(detectorSchema);
const alerts = z.array(detectorAlertSchema);

/** 002 §4 detectors (docs/API.md "Detectors"): saved watches on addresses and the alerts they raise. */
export function detectorsApi(core: HttpCore) {
  return {
    /** POST /v1/detectors (editor role); saving a watch twice answers the existing one. */
    create: async (body: CreateDetectorBody) =>
      (await core.request("POST", "/v1/detectors", { body, schema: detectorSchema, idempotencyKey: true }))
        .data,
    /** GET /v1/detectors: the organization's detectors, newest first. */
    list: async (query: DetectorListQuery = {}, options: { signal?: AbortSignal } = {}) =>
      (
        await core.request("GET", "/v1/detectors", {
          query: query as Record<string, string | undefined>,
          schema: detectors,
          signal: options.signal,
        })
      ).data,
    /** DELETE /v1/detectors/{uuid}. */
    delete: async (uuid: string) => {
      await core.request("DELETE", `/v1/detectors/${encodeURIComponent(uuid)}`, { schema: z.unknown() });
    },
    /** GET /v1/detectors/alerts: the alerts raised, newest first. */
    alerts: async (query: DetectorAlertListQuery = {}, options: { signal?: AbortSignal } = {}) =>
      (
        await core.request("GET", "/v1/detectors/alerts", {
          query: query as Record<string, string | number | undefined>,
          schema: alerts,
          signal: options.signal,
        })
      ).data,
  };
}
