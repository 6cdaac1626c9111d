// 000 §9 and 001 §9: the business constants and limits. Anything a screen, the CLI or the server
// paginates, batches, debounces or polls by reads its number from here.

const second = 1000;
const minute = 60 * second;

/** 000 §4 / §9: search input waits 500 ms after the last keystroke. */
export const searchDebounceMs = 500;

/** 000 §9: the cache freshness choices offered to the user, shortest first. */
export const cacheFreshnessOptions = [
  { label: "1 minute", ms: minute },
  { label: "5 minutes", ms: 5 * minute },
  { label: "30 minutes", ms: 30 * minute },
  { label: "1 day", ms: 24 * 60 * minute },
] as const;

/** 000 §7 / §9: bulk metrics calls send at most this many URNs per request. */
export const bulkBatchSizes = { addresses: 900, customEntities: 100, entities: 20 } as const;

/**
 * 002 §3 multi-search. Choice: a multi-search looks up at most this many items (five requests each);
 * the rest are named as not searched rather than flooding the server.
 */
export const multiSearchMaxItems = 20;

/** 000 §8 / §9: after this long the portfolio shows the still-loading notice. */
export const balanceNoticeDelayMs = 30 * second;

/** 000 §9 custom entity refresh poll and 001 §9 background-job notification poll. */
export const pollIntervalMs = 5 * second;

/**
 * Choice: a background job someone is watching (the console's jobs panel, the CLI waiting on an
 * export) is asked about this often while it is queued or running, so its end shows at once.
 */
export const runningJobPollIntervalMs = second / 2;

/**
 * Choice: a state the user is watching settle (an e-mail's delivery, the webhook log while a
 * delivery is pending, the Ethereum follower while it follows) is asked about this often.
 */
export const watchedStatePollIntervalMs = second;

/** Choice: the header's escalation and reveal counts refresh every half minute while the console is open. */
export const headerCountRefreshMs = 30 * second;

/**
 * docs/API.md "Triage": the largest image the scan takes (a phone photo, a 5K screenshot). The server's
 * body limit adds room for the multipart envelope; the console refuses a larger file before sending it.
 */
export const imageScanMaxBytes = 20 * 1024 * 1024;

/** 000 §9 and 001 §9 page sizes. */
export const pageSizes = {
  transfers: 30,
  totalFlows: 30,
  cases: 1000,
  byAssetSummary: 1000,
  customEntities: 10,
  ipObservations: 10,
  categoryAddresses: 25,
  counterparties: 10,
} as const;

/** 000 §9: the by-asset summary reads pages of 1000, at most 5 of them. */
export const byAssetSummaryMaxPages = 5;

/** 000 §9: a percentage whose denominator is below this (in absolute value) is 0. */
export const percentageDenominatorThreshold = 1e-10;

/** 000 §9: tag names show 20 characters by default; 'show more' reveals 10 more tags at a time. */
export const tagList = { maxCharacters: 20, showMorePageSize: 10 } as const;

/** 000 §9: the search query quoted in the request-information text is cut to 20 characters. */
export const requestInformationQueryMaxLength = 20;

/**
 * Ours (issue 41): failed sign-ins slow down, then lock, per account and per client address. The
 * first `freeFailures` cost nothing; each later one doubles the wait before the next try (from
 * `firstDelaySeconds`, at most `maxDelaySeconds`); at `lockAfterFailures` the key is locked for
 * `lockSeconds`. Failures are forgotten `forgetAfterSeconds` after the last one (longer than the
 * lock, so waiting out a lock does not reset the count). An address gets more room: colleagues
 * share one.
 */
export const signInThrottle = {
  account: { freeFailures: 5, lockAfterFailures: 10 },
  address: { freeFailures: 20, lockAfterFailures: 50 },
  firstDelaySeconds: 1,
  maxDelaySeconds: 60,
  lockSeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
} as const;

/** Seconds a key with `failures` recent failures must wait after its last one (0: none). */
export function signInWaitSeconds(
  failures: number,
  limits: { freeFailures: number; lockAfterFailures: number },
): number {
  if (failures >= limits.lockAfterFailures) return signInThrottle.lockSeconds;
  if (failures < limits.freeFailures) return 0;
  return Math.min(
    signInThrottle.maxDelaySeconds,
    signInThrottle.firstDelaySeconds * 2 ** (failures - limits.freeFailures),
  );
}

/**
 * Ours (issue 41): a busy server's `Retry-After` (a shed request's 503), in whole seconds. It is how
 * long the refused request would have waited (the queue ahead of it is served by then), at least the
 * server's shortest (`SLEUTH_SHED_RETRY_AFTER_SECONDS`) and at most `longestSeconds`, which is also
 * the longest a client waits before a retry (defaultRetryPolicy): a longer ask would be cut short.
 */
export const busyRetryAfter = { shortestSeconds: 1, longestSeconds: 10 } as const;

/** The Retry-After, in seconds, for a request that would have waited `waitMs`. */
export function busyRetryAfterSeconds(
  waitMs: number,
  shortestSeconds: number = busyRetryAfter.shortestSeconds,
): number {
  const asked = Number.isFinite(waitMs) ? Math.ceil(waitMs / 1000) : busyRetryAfter.longestSeconds;
  return Math.max(shortestSeconds, Math.min(busyRetryAfter.longestSeconds, asked));
}
