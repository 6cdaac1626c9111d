export type { Case, NewCase } from "./caseRecord.ts";
export { canCreateCase, caseSchema, createCaseResponseSchema, newCaseSchema } from "./caseRecord.ts";
export type { EscalatePayload, NotifyTargets, OrganizationMember } from "./escalation.ts";
export {
  canEscalate,
  escalatePayloadSchema,
  escalationCases,
  escalationMessages,
  notifyTargets,
} from "./escalation.ts";
