import { randomUUID } from "node:crypto";
import {
  webhookDeliveryHeader,
  webhookEventHeader,
  webhookSignature,
  webhookSignatureHeader,
} from "@sleuth/sdk";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { NotificationConfig } from "../config.ts";
import { afterRequestTransaction } from "../store/requestTransaction.ts";
import type { Store } from "../store/store.ts";
import { PollPause } from "../workers/pollPause.ts";
import {
  type ClaimedNotification,
  claimNotifications,
  markAllSent,
  markAttemptFailed,
  requeueSendingNotifications,
} from "./outboxClaims.ts";

export interface NotificationWorkerOptions {
  /** Rows claimed at a time (and delivered side by side). */
  batchSize?: number;
  pollMs?: number;
  /** Attempts before a row fails for good. */
  maxAttempts?: number;
  /** A webhook endpoint that has not answered by then counts as a timeout (retried). */
  webhookTimeoutMs?: number;
  log: FastifyBaseLogger;
}

/** A failure worth another attempt (a 5xx, a timeout, a refused connection) or not (a 4xx). */
class DeliveryFailure extends Error {
  readonly retryable: boolean;
  readonly responseStatus: number | null;

  constructor(message: string, retryable: boolean, responseStatus: number | null = null) {
    super(message);
    this.retryable = retryable;
    this.responseStatus = responseStatus;
  }
}

/**
 * Issue 40: delivers the outbox (docs/ARCHITECTURE.md "Notifications"). Runs in each server
 * process like the export worker: claims due rows under a lease, sends each once, and marks it sent,
 * or queued again with exponential backoff, or failed with the reason. A row claimed by a process
 * that died is claimed again when its lease runs out (on PGlite, at once on the next start).
 */
export class NotificationWorker {
  readonly id = `notifier-${randomUUID()}`;
  private readonly options: Required<Omit<NotificationWorkerOptions, "log">> & { log: FastifyBaseLogger };
  private readonly store: Store;
  private readonly config: NotificationConfig;
  private readonly mail: Transporter | null;
  private stopping = false;
  private readonly pause = new PollPause();
  private loop: Promise<void> | null = null;

  constructor(store: Store, config: NotificationConfig, options: NotificationWorkerOptions) {
    this.store = store;
    this.config = config;
    this.options = { batchSize: 20, pollMs: 1_000, maxAttempts: 6, webhookTimeoutMs: 10_000, ...options };
    // One pooled connection set for the process; nodemailer reconnects on its own.
    this.mail = config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: 4 })
      : null;
  }

  get emailEnabled(): boolean {
    return this.mail !== null;
  }

  async start(): Promise<void> {
    if (this.store.kind === "pglite") {
      const requeued = await requeueSendingNotifications(this.store);
      if (requeued > 0)
        this.options.log.info({ requeued }, "notifications interrupted by the last stop go out again");
    }
    this.loop = this.run();
  }

  /** A notification was queued: look now rather than at the next poll. */
  kick(): void {
    // Inside a request's transaction the row is not committed yet: wake once it is.
    afterRequestTransaction(() => this.pause.wake());
  }

  /** Finishes the rows in hand (so none is left claimed), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.kick();
    await this.loop;
    this.mail?.close();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        const rows = await claimNotifications(this.store, this.id, {
          limit: this.options.batchSize,
          leaseMs: this.config.leaseMs,
        });
        claimed = rows.length;
        const delivered = (await Promise.all(rows.map((row) => this.deliver(row)))).filter(
          (entry) => entry !== null,
        );
        // One statement for the batch: on the embedded store every statement waits its turn.
        const marked = await markAllSent(this.store, this.id, delivered);
        for (const { row } of delivered)
          if (!marked.has(row.id))
            this.options.log.warn(
              { notification: row.uuid },
              "notification lease was taken over before it was marked sent",
            );
      } catch (error) {
        if (this.stopping) break;
        this.options.log.error({ err: error }, "notification worker could not claim");
      }
      if (this.stopping) break;
      if (claimed >= this.options.batchSize) continue;
      await this.pause.wait(this.options.pollMs);
    }
  }

  /** Sends one row: what to mark it sent with, or null when it failed (already recorded). */
  private async deliver(
    row: ClaimedNotification,
  ): Promise<{ row: ClaimedNotification; responseStatus: number | null } | null> {
    try {
      const responseStatus = row.channel === "email" ? await this.sendMail(row) : await this.postWebhook(row);
      return { row, responseStatus };
    } catch (error) {
      const failure =
        error instanceof DeliveryFailure
          ? error
          : new DeliveryFailure(error instanceof Error ? error.message : String(error), true);
      const retry = failure.retryable && row.attempts < this.options.maxAttempts;
      await markAttemptFailed(this.store, row, this.id, {
        reason: failure.message,
        responseStatus: failure.responseStatus,
        // Exponential backoff with jitter, so retries of one outage spread out.
        retryInMs: retry
          ? Math.round(this.config.retryBaseMs * 2 ** (row.attempts - 1) * (0.75 + Math.random() / 2))
          : null,
      }).catch((markError: unknown) =>
        this.options.log.error({ err: markError }, "could not record a failed delivery"),
      );
      this.options.log.warn(
        { notification: row.uuid, attempts: row.attempts, retry, reason: failure.message },
        "notification not delivered",
      );
      return null;
    }
  }

  private async sendMail(row: ClaimedNotification): Promise<null> {
    if (!this.mail)
      throw new DeliveryFailure("e-mail delivery is off on this server (no SLEUTH_SMTP_URL)", false);
    try {
      await this.mail.sendMail({
        from: this.config.mailFrom,
        to: row.recipient,
        subject: row.subject,
        text: row.bodyText,
        html: row.bodyHtml,
        // The same on every attempt: a mail system that saw it before can drop the repeat.
        messageId: `<${row.uuid}@sleuth.notifications>`,
        headers: { [webhookDeliveryHeader]: row.uuid, [webhookEventHeader]: row.kind },
      });
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      // SMTP 5xx is permanent (unknown mailbox, refused); 4xx and lost connections are retried.
      throw new DeliveryFailure(
        error instanceof Error ? error.message : String(error),
        !(responseCode !== undefined && responseCode >= 500),
        responseCode ?? null,
      );
    }
    return null;
  }

  private async postWebhook(row: ClaimedNotification): Promise<number> {
    if (!row.endpointSecret) throw new DeliveryFailure("the endpoint was removed", false);
    const timestamp = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(row.recipient, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Sleuth-Webhooks/1",
          [webhookSignatureHeader]: webhookSignature(row.endpointSecret, timestamp, row.payload),
          [webhookDeliveryHeader]: row.uuid,
          [webhookEventHeader]: row.kind,
        },
        body: row.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(this.options.webhookTimeoutMs),
      });
      await response.body?.cancel();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new DeliveryFailure(
        timedOut
          ? "the endpoint did not answer in time"
          : `could not reach the endpoint: ${error instanceof Error ? error.message : String(error)}`,
        true,
      );
    }
    if (response.status >= 200 && response.status < 300) return response.status;
    // Retried: the receiver's own trouble (5xx) and throttling (429); any other answer is final.
    const retryable = response.status >= 500 || response.status === 429;
    throw new DeliveryFailure(`the endpoint answered ${response.status}`, retryable, response.status);
  }
}
