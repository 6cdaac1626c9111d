// Issue 40: real receivers on loopback for the notification tests and benchmark: an SMTP server
// (npm smtp-server) whose accepted messages are parsed with mailparser, and an HTTP endpoint that
// records every webhook POST and answers what the test tells it to.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, unknown>;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** While true, a message's DATA is never answered (a server stuck mid-send). */
  stall: boolean;
  /** Messages received while stalled, never accepted. */
  stalled: number;
  /** The messages accepted so far, waited for until `count` arrived (or the timeout). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

async function until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startSmtpReceiver(options: { parse?: boolean } = {}): Promise<SmtpReceiver> {
  const parse = options.parse ?? true;
  const receiver: SmtpReceiver = {
    url: "",
    messages: [],
    stall: false,
    stalled: 0,
    waitFor: (count, timeoutMs = 15_000) =>
      until(
        () => (receiver.messages.length >= count ? receiver.messages : undefined),
        timeoutMs,
        `${count} e-mails (have ${receiver.messages.length})`,
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (receiver.stall) {
          receiver.stalled += 1; // never answered: the sender waits, and dies waiting
          return;
        }
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        if (!parse) {
          receiver.messages.push({
            from,
            to,
            subject: "",
            text: "",
            html: "",
            messageId: "",
            headers: new Map(),
          });
          callback();
          return;
        }
        simpleParser(raw)
          .then((mail) => {
            receiver.messages.push({
              from,
              to,
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
              messageId: mail.messageId ?? "",
              headers: mail.headers as Map<string, unknown>,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  receiver.url = `smtp://127.0.0.1:${port}`;
  return receiver;
}

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** The base URL; each test uses its own path under it. */
  url: string;
  received: ReceivedWebhook[];
  /** The status to answer for a path, given how many requests that path has had (1 for the first). */
  answer: (path: string, attempt: number) => number;
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const attempts = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    answer: () => 204,
    waitFor: (path, count, timeoutMs = 15_000) =>
      until(
        () => {
          const matching = receiver.received.filter((hook) => hook.path === path);
          return matching.length >= count ? matching : undefined;
        },
        timeoutMs,
        `${count} webhooks on ${path}`,
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const attempt = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, attempt);
      receiver.received.push({
        method: request.method ?? "",
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.statusCode = receiver.answer(path, attempt);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
