export { findBeaconVasp } from "./beaconVasp.ts";
export { labelRelatables, relatableExists } from "./caseRelatables.ts";
export type { CaseRow, CaseScope } from "./cases.ts";
export {
  addCaseNote,
  attachRelatable,
  caseRecord,
  createCase,
  deleteCase,
  detachRelatable,
  findVisibleCase,
  listCases,
  updateCase,
} from "./cases.ts";
export {
  createEscalation,
  findEscalation,
  inbox,
  markEscalationRead,
  membersAmong,
} from "./escalations.ts";
export { createFlag, deleteFlag, findOwnFlag, listFlags } from "./flags.ts";
export type { Viewer } from "./interests.ts";
export {
  createInterests,
  deleteInterest,
  findVisibleInterest,
  interestsOfElement,
  markRevealNoticeRead,
  myInterestElements,
  networksOfOrganization,
  networkUuidsOf,
  revealInterest,
  revealNotices,
  updateInterest,
} from "./interests.ts";
export { notifyTargetEmails, setNotifyTargetEmails, usersOffList } from "./notifyTargets.ts";
export { listUserReports, saveUserReport } from "./userReports.ts";
