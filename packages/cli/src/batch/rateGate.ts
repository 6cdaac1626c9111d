/** Resolves after `ms`, or at once on abort; leaves no listener behind either way. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Shared by every request of a batch run. The server limits requests per token (429 with
 * Retry-After, at least a second); when one request is turned away, every request waits before the
 * next send instead of each running into the limit on its own.
 */
export class RateGate {
  readonly pauseMs: number;
  private until = 0;
  private readonly now: () => number;

  constructor(options: { pauseMs?: number; now?: () => number } = {}) {
    // The SDK's error carries no Retry-After; the server never asks for less than a second.
    this.pauseMs = options.pauseMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** A request was turned away: hold every request for a while. */
  limited(): void {
    this.until = Math.max(this.until, this.now() + this.pauseMs);
  }

  /** Waits until requests may be sent. */
  async ready(signal: AbortSignal): Promise<void> {
    for (let wait = this.until - this.now(); wait > 0 && !signal.aborted; wait = this.until - this.now())
      await sleep(wait, signal);
  }
}
