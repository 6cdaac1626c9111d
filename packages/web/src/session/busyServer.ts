import type { RetryWatcher } from "@sleuth/sdk";
import { atom } from "nanostores";

/** Issue 41: how many of the console's requests are waiting to be sent again (a busy server's 503). */
export const $retryingRequests = atom(0);

export const busyServerWatcher: RetryWatcher = {
  retrying: () => $retryingRequests.set($retryingRequests.get() + 1),
  settled: () => $retryingRequests.set(Math.max(0, $retryingRequests.get() - 1)),
};
