import { z } from "zod";
import { sleep as defaultSleep, type Sleep } from "../client/sleep.ts";
import { pollIntervalMs } from "../constants/limits.ts";

/** 000 §3: each part of a custom entity refresh is processing, failed or succeeded. */
export const refreshPartStatuses = ["processing", "failed", "succeeded"] as const;
export const refreshPartStatusSchema = z.enum(refreshPartStatuses);
export type RefreshPartStatus = z.infer<typeof refreshPartStatusSchema>;

/** How an overall refresh status reads on a screen (our words; the spec names only the states). */
export const refreshStatusTexts = {
  processing: "Refreshing",
  failed: "Refresh failed",
  succeeded: "Up to date",
} as const satisfies Record<RefreshPartStatus, string>;

/** 000 §3: the four parts; the summary part travels as counterpartyFlows. */
export const refreshParts = ["counterpartyFlows", "transfers", "addresses", "metrics"] as const;
export type RefreshPart = (typeof refreshParts)[number];
export const refreshPartLabels = {
  counterpartyFlows: "Summary",
  transfers: "Transfers",
  addresses: "Addresses",
  metrics: "Metrics",
} as const satisfies Record<RefreshPart, string>;

const partSchema = refreshPartStatusSchema.nullish();
/** A part may be missing (or null) while the server has not started it; it then counts as processing. */
export const refreshStatusSchema = z.object({
  counterpartyFlows: partSchema,
  transfers: partSchema,
  addresses: partSchema,
  metrics: partSchema,
});
export type RefreshStatus = z.infer<typeof refreshStatusSchema>;

/**
 * 000 §4: failed if any part failed; otherwise processing if any part is processing or missing;
 * otherwise (all four succeeded) succeeded.
 */
export function overallRefreshStatus(status: RefreshStatus | null | undefined): RefreshPartStatus {
  const parts = refreshParts.map((part) => status?.[part] ?? "processing");
  if (parts.includes("failed")) return "failed";
  if (parts.includes("processing")) return "processing";
  return "succeeded";
}

export interface PollRefreshOptions {
  signal?: AbortSignal;
  intervalMs?: number;
  sleep?: Sleep;
  /** Called with every status read, so a screen can show the parts as they finish. */
  onStatus?: (status: RefreshStatus, overall: RefreshPartStatus) => void;
}

/**
 * 000 §4 / §9: reads the refresh status every 5 s until all four parts succeed, and resolves with
 * the last status read. Choice: it also stops when a part failed, since a failed refresh does not
 * recover by itself (the user asks for a new data refresh). Aborting the signal stops the loop and
 * rejects with the signal's reason.
 */
export async function pollRefreshStatus(
  fetchStatus: (signal?: AbortSignal) => Promise<RefreshStatus>,
  options: PollRefreshOptions = {},
): Promise<{ status: RefreshStatus; overall: RefreshPartStatus }> {
  const { signal, intervalMs = pollIntervalMs, sleep = defaultSleep, onStatus } = options;
  for (;;) {
    signal?.throwIfAborted();
    const status = await fetchStatus(signal);
    signal?.throwIfAborted();
    const overall = overallRefreshStatus(status);
    onStatus?.(status, overall);
    if (overall !== "processing") return { status, overall };
    await sleep(intervalMs, signal);
  }
}
