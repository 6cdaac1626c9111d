export type { KeyValueStorage, SessionController } from "./controller.ts";
export { createSessionController, storedOrganizationKey } from "./controller.ts";
export type { SessionEffect, SessionEvent, SessionState } from "./loginSequence.ts";
export { initialSessionState, sessionReducer } from "./loginSequence.ts";
