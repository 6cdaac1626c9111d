export type { CliDemoFile } from "./cliDemoFile.ts";
export { cliDemoFileName, cliDemoFileSchema, defaultDataDir } from "./cliDemoFile.ts";
export type { KeyValueStorage, SessionController } from "./controller.ts";
export { createSessionController, storedOrganizationKey } from "./controller.ts";
export type { SessionEffect, SessionEvent, SessionState } from "./loginSequence.ts";
export { initialSessionState, sessionReducer, signInMessages } from "./loginSequence.ts";
