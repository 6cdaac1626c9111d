export type { RegisterCommand } from "./commands/index.ts";
export { commands } from "./commands/index.ts";
export type { ExitCode } from "./errors.ts";
export { CancelledError, CliError, describeError, exitCodeFor, exitCodes } from "./errors.ts";
export type { CliIo } from "./io.ts";
export { processIo } from "./io.ts";
export { buildProgram, run } from "./program.ts";
export type { Session } from "./session.ts";
export { action, createSession } from "./session.ts";
