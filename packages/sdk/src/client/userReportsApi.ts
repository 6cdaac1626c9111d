import { z } from "zod";
import { beaconVaspSchema } from "../beacon/vasp.ts";
import {
  type UserReportBody,
  type UserReportKind,
  type UserReportListQuery,
  userReportRecordSchema,
} from "../userReports/userReports.ts";
import type { HttpCore } from "./httpCore.ts";

/** 000 §7 User reports (every POST under /user-report/) and the notify flow's VASP lookup. */
export function userReportsApi(core: HttpCore) {
  return {
    send: async <K extends UserReportKind>(kind: K, body: UserReportBody<K>) =>
      (
        await core.request("POST", `/user-report/${kind}`, {
          body,
          schema: userReportRecordSchema,
          idempotencyKey: true,
        })
      ).data,
    /** GET /user-report: the organization's reports, for its admins. */
    list: async (query: UserReportListQuery = {}) => {
      const answer = await core.request("GET", "/user-report", {
        query: query as Record<string, string | number | boolean | undefined>,
        schema: z.array(userReportRecordSchema),
      });
      return { reports: answer.data, count: Number(answer.meta?.count ?? answer.data.length) };
    },
    /** GET /v1/beacon/vasp: whether a service provider can be notified or only invited (000 §4). */
    vasp: async (entityUrn: string, options: { signal?: AbortSignal } = {}) =>
      (
        await core.request("GET", "/v1/beacon/vasp", {
          query: { entityUrn },
          schema: beaconVaspSchema,
          signal: options.signal,
        })
      ).data,
  };
}
