import { HttpError } from "./errors.ts";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per caller (token, session or address), in memory: `burst` requests at once, then
 * `perSecond`. Enough for one local server; a shared deployment would move this to the proxy.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perSecond: number;
  private readonly burst: number;
  private readonly now: () => number;

  constructor(options: { perSecond: number; burst: number; now?: () => number }) {
    this.perSecond = options.perSecond;
    this.burst = options.burst;
    this.now = options.now ?? Date.now;
  }

  /** Takes one token for `key`; throws 429 with Retry-After when the bucket is empty. */
  take(key: string): void {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
      throw new HttpError(429, "rate_limited", "Too many requests; slow down", {
        headers: { "retry-after": String(retryAfter) },
      });
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.prune(now);
  }

  /** Forgets full buckets: they behave exactly like new ones. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond >= this.burst)
        this.buckets.delete(key);
    }
  }
}
