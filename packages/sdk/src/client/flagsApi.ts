import { z } from "zod";
import type { CreateUserAttributionBody } from "../flags/flagForm.ts";
import { type UserAttributionListQuery, userAttributionRecordSchema } from "../flags/flagRecords.ts";
import type { HttpCore } from "./httpCore.ts";

const records = z.array(userAttributionRecordSchema);

/** 001 §7 Flags: user attributions. */
export function flagsApi(core: HttpCore) {
  return {
    /** POST v1/user-attributions (editor role). */
    create: async (body: CreateUserAttributionBody) =>
      (
        await core.request("POST", "/v1/user-attributions", {
          body,
          schema: userAttributionRecordSchema,
          idempotencyKey: true,
        })
      ).data,
    /** DELETE v1/user-attributions/{uuid}: the author or an admin of the organization. */
    delete: async (uuid: string) => {
      await core.request("DELETE", `/v1/user-attributions/${encodeURIComponent(uuid)}`, {
        schema: z.unknown(),
      });
    },
    /** GET v1/users/user-attributions: the organization's flags, newest first, optionally of one element. */
    list: async (query: UserAttributionListQuery = {}, options: { signal?: AbortSignal } = {}) => {
      const answer = await core.request("GET", "/v1/users/user-attributions", {
        query: query as Record<string, string | number | boolean | undefined>,
        schema: records,
        signal: options.signal,
      });
      return { flags: answer.data, count: Number(answer.meta?.count ?? answer.data.length) };
    },
  };
}
