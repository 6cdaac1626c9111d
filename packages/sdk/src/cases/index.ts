export type { Case, NewCase } from "./caseRecord.ts";
export { canCreateCase, caseSchema, createCaseResponseSchema, newCaseSchema } from "./caseRecord.ts";
export type { CaseRelatableTarget } from "./caseRelatables.ts";
export {
  caseRelatableTarget,
  caseRelatableUrnSchema,
  flagRelatableUrn,
  graphRelatableUrn,
} from "./caseRelatables.ts";
export type {
  AttachRelatableRequest,
  CaseNote,
  CaseRecord,
  CaseRelatable,
  CasesQuery,
  CreateCaseRequest,
  UpdateCaseRequest,
} from "./caseWire.ts";
export {
  attachRelatableRequestSchema,
  caseIdParamSchema,
  caseLimits,
  caseMessages,
  caseNoteRequestSchema,
  caseNoteSchema,
  caseOf,
  caseRecordSchema,
  caseRelatableSchema,
  casesDefaultLimit,
  casesQuerySchema,
  createCaseRequestSchema,
  updateCaseRequestSchema,
} from "./caseWire.ts";
export type { EscalatePayload, NotifyTargets, OrganizationMember } from "./escalation.ts";
export {
  canEscalate,
  escalatePayloadSchema,
  escalationCases,
  escalationMessages,
  notifyTargets,
} from "./escalation.ts";
export type { EscalateRequest, Escalation, EscalationInboxMeta } from "./escalationWire.ts";
export {
  escalateRequestSchema,
  escalationInboxMetaSchema,
  escalationInboxQuerySchema,
  escalationLimits,
  escalationSchema,
  inboxMessages,
  uuidParamSchema,
} from "./escalationWire.ts";
export type { EscalationNotifyTargets, SetEscalationNotifyTargetsRequest } from "./notifyTargetsWire.ts";
export {
  escalationNotifyTargetsSchema,
  notifyTargetsMax,
  notifyTargetsMessages,
  parseNotifyTargetList,
  setEscalationNotifyTargetsRequestSchema,
} from "./notifyTargetsWire.ts";
