export type { BeaconCaseNumber } from "./caseNumber.ts";
export {
  beaconCaseNumber,
  beaconCaseNumberPrefix,
  beaconCaseNumberRange,
  beaconCaseNumberSchema,
} from "./caseNumber.ts";
export type { BeaconNotification, NotifyVaspRequest } from "./notification.ts";
export {
  beaconCategoryIds,
  beaconContactProperties,
  beaconMessages,
  beaconNotificationFileName,
  beaconNotificationText,
  notifyVaspCategoryIds,
  notifyVaspRequestSchema,
  showsNotifyVaspButtons,
} from "./notification.ts";
export type { BeaconInvitedValue, BeaconNotifiedValue } from "./storage.ts";
export {
  beaconInvitedKey,
  beaconInvitedValueSchema,
  beaconNotifiedKey,
  beaconNotifiedValueSchema,
  parseBeaconInvited,
  parseBeaconNotified,
} from "./storage.ts";
export type { BeaconVasp } from "./vasp.ts";
export { beaconVaspSchema } from "./vasp.ts";
