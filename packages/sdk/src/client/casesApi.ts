import { z } from "zod";
import { createCaseResponseSchema } from "../cases/caseRecord.ts";
import {
  type AttachRelatableRequest,
  type CasesQuery,
  type CreateCaseRequest,
  caseRecordSchema,
  type UpdateCaseRequest,
} from "../cases/caseWire.ts";
import { type EscalateRequest, escalationSchema } from "../cases/escalationWire.ts";
import {
  escalationNotifyTargetsSchema,
  type SetEscalationNotifyTargetsRequest,
} from "../cases/notifyTargetsWire.ts";
import type { HttpCore } from "./httpCore.ts";
import { inboxPage } from "./inboxPage.ts";

const caseRecords = z.array(caseRecordSchema);
const caseIdPath = (id: string | number) => `/cases/${encodeURIComponent(String(id))}`;
const notifyTargetsPath = (organizationId: string) =>
  `/v1/organizations/${encodeURIComponent(organizationId)}/escalation-notify-targets`;

/** 000 §7 and 002 §7 Cases: list, read, create, update, delete, relatables and notes. */
export function casesApi(core: HttpCore) {
  return {
    /** GET /cases/ (000 §9: at most 1000 unless a smaller limit is asked). */
    list: async (query: CasesQuery = {}, options: { signal?: AbortSignal } = {}) => {
      const answer = await core.request("GET", "/cases/", {
        query: query as Record<string, string | number | boolean | undefined>,
        schema: caseRecords,
        signal: options.signal,
      });
      return { cases: answer.data, count: Number(answer.meta?.count ?? answer.data.length) };
    },
    get: async (id: string | number, options: { signal?: AbortSignal } = {}) =>
      (await core.request("GET", caseIdPath(id), { schema: caseRecordSchema, signal: options.signal })).data,
    /** 002 §7 POST /cases {name, isSharedWithOrg}: the new case's id is data.id. */
    create: async (body: CreateCaseRequest) => {
      const answer = await core.request("POST", "/cases", {
        body,
        schema: createCaseResponseSchema.shape.data.extend({ case: caseRecordSchema.optional() }),
        idempotencyKey: true,
      });
      return answer.data;
    },
    update: async (id: string | number, body: UpdateCaseRequest) =>
      (await core.request("PATCH", caseIdPath(id), { body, schema: caseRecordSchema })).data,
    delete: async (id: string | number) => {
      await core.request("DELETE", caseIdPath(id), { schema: z.unknown() });
    },
    attach: async (id: string | number, body: AttachRelatableRequest) =>
      (
        await core.request("POST", `${caseIdPath(id)}/relatables`, {
          body,
          schema: caseRecordSchema,
          idempotencyKey: true,
        })
      ).data,
    detach: async (id: string | number, resourceUrn: string) =>
      (
        await core.request("DELETE", `${caseIdPath(id)}/relatables`, {
          query: { resourceUrn },
          schema: caseRecordSchema,
        })
      ).data,
    addNote: async (id: string | number, text: string) =>
      (
        await core.request("POST", `${caseIdPath(id)}/notes`, {
          body: { text },
          schema: caseRecordSchema,
          idempotencyKey: true,
        })
      ).data,
  };
}

/** 002 §7 escalation and the assignee's inbox. */
export function escalationsApi(core: HttpCore) {
  return {
    /** POST /triage/v1/trm-entity/escalate. */
    escalate: async (body: EscalateRequest) =>
      (
        await core.request("POST", "/triage/v1/trm-entity/escalate", {
          body,
          schema: escalationSchema,
          idempotencyKey: true,
        })
      ).data,
    /** GET /v1/users/escalations: escalations assigned to the caller in the current organization. */
    inbox: async (query: { unreadOnly?: boolean; limit?: number; offset?: number } = {}) => {
      const page = await inboxPage(core, "/v1/users/escalations", escalationSchema, query);
      return { escalations: page.items, count: page.count, unreadCount: page.unreadCount };
    },
    get: async (uuid: string) =>
      (await core.request("GET", `/v1/escalations/${encodeURIComponent(uuid)}`, { schema: escalationSchema }))
        .data,
    /** 002 §6: the organization's restricted notify targets (null: every member). */
    notifyTargets: async (organizationId: string) =>
      (
        await core.request("GET", notifyTargetsPath(organizationId), {
          schema: escalationNotifyTargetsSchema,
        })
      ).data,
    /** 002 §6: an admin restricts the notify targets to these e-mails, or lifts it with null. */
    setNotifyTargets: async (organizationId: string, body: SetEscalationNotifyTargetsRequest) =>
      (
        await core.request("PUT", notifyTargetsPath(organizationId), {
          body,
          schema: escalationNotifyTargetsSchema,
        })
      ).data,
    markRead: async (uuid: string) => {
      await core.request("POST", `/v1/users/escalations/${encodeURIComponent(uuid)}/read`, {
        body: {},
        schema: z.unknown(),
      });
    },
  };
}
