import { ApiError } from "@sleuth/sdk";

// STYLE "CLI" (after gh): 0 ok, 1 failure, 2 cancelled, 4 authentication required. Ours: 3 when
// `sleuth batch` wrote rows that did not resolve (and --allow-failures was not given).
// 5: `sleuth jobs verify` found a file that does not match its manifest (or has none).
export const exitCodes = {
  ok: 0,
  failure: 1,
  cancelled: 2,
  rowsUnresolved: 3,
  authRequired: 4,
  verifyFailed: 5,
} as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A failure the CLI explains itself: the message and hint go to stderr as they are. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;

  constructor(message: string, options: { exitCode?: ExitCode; hint?: string } = {}) {
    super(message);
    this.name = "CliError";
    this.exitCode = options.exitCode ?? exitCodes.failure;
    this.hint = options.hint;
  }
}

/** The user pressed Ctrl-C or Escape at a prompt. */
export class CancelledError extends CliError {
  constructor() {
    super("cancelled", { exitCode: exitCodes.cancelled });
    this.name = "CancelledError";
  }
}

export function authRequired(message: string, hint = "run `sleuth login`, or set SLEUTH_TOKEN"): CliError {
  return new CliError(message, { exitCode: exitCodes.authRequired, hint });
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof ApiError && error.status === 401) return exitCodes.authRequired;
  return exitCodes.failure;
}

/**
 * The lines printed on stderr for a failure: `error: <message> (code, request id)` and a hint,
 * never a stack trace. `apiUrl` names the server a network failure could not reach.
 */
export function describeError(error: unknown, context: { apiUrl?: string } = {}): string[] {
  if (error instanceof CliError)
    return [`error: ${error.message}`, ...(error.hint ? [`hint: ${error.hint}`] : [])];
  if (error instanceof ApiError) {
    if (error.status === 0 && error.code === "timeout") {
      // The server was reached and is slow, not gone: an embedded store applying an import answers
      // nothing else until it commits.
      const who = context.apiUrl ?? "the server";
      return [
        `error: ${who} did not answer in time (timeout: ${error.message})`,
        "hint: the server is running but busy (an import being applied holds the embedded store until it commits); try again in a moment",
      ];
    }
    if (error.status === 0) {
      const where = context.apiUrl ? `could not reach ${context.apiUrl}` : "could not reach the server";
      return [
        `error: ${where} (${error.code}: ${error.message})`,
        "hint: is the server running? Start it with `pnpm start`, or point --api-url / SLEUTH_API_URL at it",
      ];
    }
    const tags = [error.code, ...(error.requestId ? [`request id ${error.requestId}`] : [])].join(", ");
    const lines = [`error: ${error.message} (${tags})`];
    if (error.status === 401)
      lines.push("hint: the token was not accepted; run `sleuth login`, or set SLEUTH_TOKEN");
    return lines;
  }
  const message = error instanceof Error ? error.message : String(error);
  return [`error: ${message}`];
}
