import { z } from "zod";
import { investigationInterestSchema } from "../interests/interest.ts";
import {
  type InterestBulkRequest,
  type InterestUpdateRequest,
  interestSearchResultSchema,
  networkSchema,
  networkSettingsSchema,
} from "../interests/interestWire.ts";
import { type RevealNoticeQuery, revealNoticeSchema } from "../interests/revealNotices.ts";
import type { HttpCore } from "./httpCore.ts";
import { inboxPage } from "./inboxPage.ts";

const interests = z.array(investigationInterestSchema);
const resourcePath = (urn: string) => `/v1/trm-resources/${encodeURIComponent(urn)}/investigation-interests`;

/** 001 §7 Interests, networks and network settings. Visibility and masking are the server's. */
export function interestsApi(core: HttpCore) {
  return {
    search: async (
      trmResourceUrns: readonly string[],
      options: { includeResults?: boolean; signal?: AbortSignal } = {},
    ) =>
      (
        await core.request("POST", "/v1/trm-resources/investigation-interests/search", {
          query: { includeResults: options.includeResults ?? false },
          body: { trmResourceUrns },
          schema: z.array(interestSearchResultSchema),
          signal: options.signal,
        })
      ).data,
    ofElement: async (urn: string, options: { signal?: AbortSignal } = {}) =>
      (await core.request("GET", resourcePath(urn), { schema: interests, signal: options.signal })).data,
    create: async (body: InterestBulkRequest) =>
      (
        await core.request("POST", "/v1/trm-resources/investigation-interests/bulk", {
          body,
          schema: interests,
          idempotencyKey: true,
        })
      ).data,
    update: async (urn: string, uuid: string, body: InterestUpdateRequest) =>
      (
        await core.request("PUT", `${resourcePath(urn)}/${encodeURIComponent(uuid)}`, {
          body,
          schema: investigationInterestSchema,
        })
      ).data,
    delete: async (urn: string, uuid: string) => {
      await core.request("DELETE", `${resourcePath(urn)}/${encodeURIComponent(uuid)}`, {
        schema: z.unknown(),
      });
    },
    /** GET /v1/users/investigation-interests/elements: the elements the caller indicated interest in. */
    myElements: async () =>
      (
        await core.request("GET", "/v1/users/investigation-interests/elements", {
          schema: z.array(z.string()),
        })
      ).data,
    reveal: async (uuid: string) =>
      (
        await core.request(
          "POST",
          `/v1/trm-resources/interests/${encodeURIComponent(uuid)}/interested-investigator-reveals`,
          { body: {}, schema: investigationInterestSchema, idempotencyKey: true },
        )
      ).data,
    /** GET /v1/users/investigation-interests/reveals: who revealed the caller's interests (001 §4 notify). */
    revealNotices: async (query: RevealNoticeQuery = {}) => {
      const page = await inboxPage(
        core,
        "/v1/users/investigation-interests/reveals",
        revealNoticeSchema,
        query,
      );
      return { notices: page.items, count: page.count, unreadCount: page.unreadCount };
    },
    markRevealNoticeRead: async (uuid: string) => {
      await core.request(
        "POST",
        `/v1/users/investigation-interests/reveals/${encodeURIComponent(uuid)}/read`,
        { body: {}, schema: z.unknown() },
      );
    },
    networks: async (organizationId: string) =>
      (
        await core.request("GET", `/v1/organizations/${encodeURIComponent(organizationId)}/networks`, {
          schema: z.array(networkSchema),
        })
      ).data,
    networkSettings: async (organizationId: string) =>
      (
        await core.request(
          "GET",
          `/v1/organizations/${encodeURIComponent(organizationId)}/network-settings`,
          {
            schema: networkSettingsSchema,
          },
        )
      ).data,
  };
}
