import { z } from "zod";

// Issue 46: the chain follower (docs/API.md "Chain ingest"). The spec has no such call; its paths
// and fields are ours. Block numbers travel as decimal strings: a chain's height is not bounded by
// a JavaScript number's safe range in principle, and the store keeps them as bigint.

/** Choice: blocks are taken this many blocks behind the head unless asked otherwise. */
export const defaultIngestConfirmations = 12;
/** Choice: at most this deep a confirmation depth (a day of Ethereum blocks). */
export const maxIngestConfirmations = 7_200;

const blockNumber = z.string().regex(/^\d{1,19}$/, "a block number");
const blockNumberInput = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), blockNumber])
  .transform(String);

/** Body of `POST /v1/ingest/ethereum`: where to read and which blocks; starts (or restarts) the follower. */
export const startIngestBodySchema = z
  .object({
    rpcUrl: z.url({ protocol: /^https?$/ }),
    from: blockNumberInput.optional(),
    to: blockNumberInput.optional(),
    confirmations: z.number().int().min(0).max(maxIngestConfirmations).default(defaultIngestConfirmations),
  })
  .refine(
    (body) => body.from === undefined || body.to === undefined || BigInt(body.from) <= BigInt(body.to),
    {
      message: "from must not be after to",
      path: ["from"],
    },
  );
export type StartIngestBody = z.input<typeof startIngestBodySchema>;

/** What the follower is doing, as `GET /v1/ingest/ethereum` answers it. */
export const ingestStatusSchema = z.object({
  chain: z.literal("ethereum"),
  /** `following` reads new blocks as they pass the confirmation depth; `done` reached its `to`. */
  state: z.enum(["stopped", "following", "done"]),
  /** The node's address without credentials (user, password, query). */
  rpcUrl: z.string().nullable(),
  from: blockNumber.nullable(),
  to: blockNumber.nullable(),
  confirmations: z.number().int().nonnegative(),
  /** The node's latest block as last asked. */
  head: blockNumber.nullable(),
  /** The last block written to the store (the checkpoint), and its hash. */
  checkpoint: blockNumber.nullable(),
  checkpointHash: z.string().nullable(),
  /** Blocks the checkpoint is behind the head. */
  behind: blockNumber.nullable(),
  /** Over the last few batches. */
  blocksPerSecond: z.number().nonnegative(),
  transfersPerSecond: z.number().nonnegative(),
  /** Since the follower started in the server process following (every process answers its count). */
  blocksIngested: z.number().int().nonnegative(),
  transfersIngested: z.number().int().nonnegative(),
  reorgs: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime({ offset: true }).nullable(),
});
export type IngestStatus = z.infer<typeof ingestStatusSchema>;

/** The node address shown back: no user, password or query (API keys live there). */
export function redactedRpcUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    parsed.search = "";
    return parsed.toString();
  } catch {
    return "";
  }
}

const rate = (perSecond: number) =>
  perSecond >= 100 ? Math.round(perSecond).toLocaleString("en-US") : perSecond.toFixed(1);

/**
 * The follower's progress in one line, as the CLI prints it and the console shows it:
 * "block 1,234 · head 1,240 (6 behind) · 12.0 blocks/s · 340 transfers/s".
 */
export function ingestProgressText(status: IngestStatus): string {
  const block = (value: string) => BigInt(value).toLocaleString("en-US");
  const parts = [status.checkpoint === null ? "no block yet" : `block ${block(status.checkpoint)}`];
  if (status.head !== null)
    parts.push(
      `head ${block(status.head)}${status.behind === null ? "" : ` (${block(status.behind)} behind)`}`,
    );
  parts.push(`${rate(status.blocksPerSecond)} blocks/s`, `${rate(status.transfersPerSecond)} transfers/s`);
  if (status.reorgs > 0) parts.push(`${status.reorgs} reorganisation${status.reorgs === 1 ? "" : "s"}`);
  return parts.join(" · ");
}
