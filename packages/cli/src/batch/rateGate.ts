import { retryDelayMs, type Sleep, sleep } from "@sleuth/sdk";

/**
 * Shared by every request of a batch run. The server limits requests per token (429 with
 * Retry-After); when one request is turned away, every request waits as long as the server asked
 * before the next send, instead of each running into the limit on its own.
 */
export class RateGate {
  private until = 0;
  private readonly now: () => number;
  private readonly sleep: Sleep;

  constructor(options: { now?: () => number; sleep?: Sleep } = {}) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
  }

  /** A request was turned away, asking for `retryAfterMs` (null: it did not say): hold every request. */
  limited(retryAfterMs: number | null): void {
    this.until = Math.max(this.until, this.now() + (retryAfterMs ?? retryDelayMs(1, undefined)));
  }

  /** Waits until requests may be sent; rejects with the signal's reason on abort. */
  async ready(signal: AbortSignal): Promise<void> {
    for (let wait = this.until - this.now(); wait > 0; wait = this.until - this.now())
      await this.sleep(wait, signal);
  }
}
