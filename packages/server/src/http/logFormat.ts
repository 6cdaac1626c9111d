/**
 * Issue 44: the server's log on a terminal. Pino writes one JSON object a line; a person starting
 * `pnpm start` reads one short line per request instead, and files, pipes and log collectors keep
 * the JSON (`SLEUTH_LOG_FORMAT`, README "Configuration").
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

export const logFormats = ["json", "text"] as const;
export type LogFormat = (typeof logFormats)[number];

/** What the terminal shows of a long URL (a search query, a cursor): enough to recognise it. */
const urlShownChars = 96;

const levelNames: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toISOString().slice(11, 19);
}

function shortUrl(url: string): string {
  return url.length > urlShownChars ? `${url.slice(0, urlShownChars - 1)}…` : url;
}

/**
 * One pino line as a person reads it: `17:02:11 GET /v1/search?query=abc 200 4 ms` for a request,
 * `17:02:11 warn <message>` otherwise, an error followed by its stack (the operator's terminal is
 * the one place a trace is shown; answers never carry one).
 */
export function formatLogLine(line: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const time = clock(record.time);
  const level = record.level ?? 30;
  if (record.req?.method && record.res?.statusCode !== undefined) {
    const ms = record.responseTime === undefined ? "" : ` ${Math.round(record.responseTime)} ms`;
    return `${time} ${record.req.method} ${shortUrl(record.req.url ?? "")} ${record.res.statusCode}${ms}\n`;
  }
  const label = levelNames[level] ?? String(level);
  const where = record.req?.method ? ` (${record.req.method} ${shortUrl(record.req.url ?? "")})` : "";
  const cause = record.err?.message ? `: ${record.err.message}` : "";
  const head = `${time} ${label} ${record.msg ?? ""}${where}${cause}\n`;
  if (level >= 50 && record.err?.stack) {
    const stack = record.err.stack
      .split("\n")
      .slice(1)
      .map((frame) => `    ${frame.trim()}`)
      .join("\n");
    return stack ? `${head}${stack}\n` : head;
  }
  return head;
}

/** A pino destination that writes each record as `formatLogLine` renders it. */
export function textLogStream(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      out.write(formatLogLine(line));
    },
  };
}

/**
 * Fastify logs a request twice (when it arrives and when it is answered); one record when it is
 * answered, naming the request, is what both formats need: one line or one object per request.
 */
export class OneRecordPerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const record = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...record, err: error }, "request errored");
    else reply.log.info(record, "request completed");
  }
}
