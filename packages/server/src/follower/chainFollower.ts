import { randomUUID } from "node:crypto";
import { type IngestStatus, redactedRpcUrl } from "@sleuth/sdk";
import type { PublicClient } from "viem";
import { ethereumEtlRecord } from "../importers/ethereumEtl.ts";
import type { AssetRecord, LedgerRecord } from "../importers/ledgerRecords.ts";
import { LedgerWriter } from "../importers/ledgerWriter.ts";
import { forgetSummaryRows } from "../metrics/rememberedAnswers.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import { seedReferenceData } from "../reference/referenceData.ts";
import { settleWrites } from "../rollups/settleWrites.ts";
import { lockRollupWriters } from "../rollups/writerLock.ts";
import { outsideRequest } from "../store/requestTransaction.ts";
import type { Queryable, Store } from "../store/store.ts";
import {
  blockHashAt,
  ethereumClient,
  type FollowedBlock,
  readBlocks,
  readTokenItem,
} from "./ethereumBlocks.ts";
import { rollBackAndSettle } from "./rollBack.ts";

// Issue 46: follows an Ethereum node block by block (docs/IMPORTERS.md "Following a node"). Each
// batch of blocks is one transaction: its transactions, transfers, token metadata, checkpoint rows
// and read-model update commit together or not at all, so a process killed at any moment resumes
// from its checkpoint with no gap and no duplicate.

const chain = "ethereum";
/** Block hashes kept for finding where a reorganisation forked; deeper ones cannot be rolled back. */
export const keptBlockHashes = 256;
const rateWindowMs = 10_000;
/**
 * How long the following process's claim lasts without a batch renewing it: a process that dies
 * without closing hands over to a standing-by one after this. Long enough for a slow batch.
 */
const leaseSeconds = 30;
/** How often a process that is not following looks whether it should (a start elsewhere). */
const watchMs = 2_000;

export interface FollowSettings {
  rpcUrl: string;
  from: bigint | null;
  to: bigint | null;
  confirmations: number;
}

export interface FollowerOptions {
  /** Blocks read and written per batch (one transaction). */
  batchBlocks: number;
  /** How long to wait for the next block once the follower has caught up. */
  pollMs: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

interface Sample {
  at: number;
  blocks: number;
  transfers: number;
}

interface Checkpoint {
  number: bigint;
  hash: string;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

async function readCheckpoint(db: Queryable): Promise<Checkpoint | null> {
  const [row] = await db.query<{ block_number: string | number; block_hash: string }>(
    "SELECT block_number, block_hash FROM chain_blocks WHERE chain = $1 ORDER BY block_number DESC LIMIT 1",
    [chain],
  );
  return row ? { number: BigInt(row.block_number), hash: row.block_hash } : null;
}

/** What a follower's own process measured, stored with each batch for the other processes. */
type Progress = Pick<
  IngestStatus,
  | "head"
  | "blocksPerSecond"
  | "transfersPerSecond"
  | "blocksIngested"
  | "transfersIngested"
  | "reorgs"
  | "lastError"
  | "lastErrorAt"
>;

interface StoredFollow extends FollowSettings {
  running: boolean;
  generation: number;
  progress: Progress | null;
}

async function readSettings(db: Queryable): Promise<StoredFollow | null> {
  const [row] = await db.query<{
    rpc_url: string;
    from_block: string | number | null;
    to_block: string | number | null;
    confirmations: number;
    running: boolean;
    generation: number;
    progress: Progress | null;
  }>(
    `SELECT rpc_url, from_block, to_block, confirmations, running, generation, progress
     FROM chain_follows WHERE chain = $1`,
    [chain],
  );
  if (!row) return null;
  return {
    rpcUrl: row.rpc_url,
    from: row.from_block === null ? null : BigInt(row.from_block),
    to: row.to_block === null ? null : BigInt(row.to_block),
    confirmations: Number(row.confirmations),
    running: row.running,
    generation: Number(row.generation),
    progress: row.progress,
  };
}

/**
 * Stores what the follower was asked. `running` null is a server starting with settings from its
 * environment: a new row runs, a stored one keeps its state (an admin's stop outlives a restart)
 * and its generation unless the settings differ. An admin's start or stop is a new generation, which
 * every process's follower of an older one obeys (`#claim`), and frees the lease.
 */
async function saveSettings(db: Queryable, settings: FollowSettings, running: boolean | null): Promise<void> {
  await db.query(
    `INSERT INTO chain_follows (chain, rpc_url, from_block, to_block, confirmations, running)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, true))
     ON CONFLICT (chain) DO UPDATE SET rpc_url = EXCLUDED.rpc_url, from_block = EXCLUDED.from_block,
       to_block = EXCLUDED.to_block, confirmations = EXCLUDED.confirmations,
       running = coalesce($6, chain_follows.running),
       generation = chain_follows.generation + CASE WHEN $6::boolean IS NOT NULL
         OR (chain_follows.rpc_url, chain_follows.from_block, chain_follows.to_block, chain_follows.confirmations)
           IS DISTINCT FROM (EXCLUDED.rpc_url, EXCLUDED.from_block, EXCLUDED.to_block, EXCLUDED.confirmations)
         THEN 1 ELSE 0 END,
       leader = CASE WHEN $6::boolean IS NOT NULL THEN NULL ELSE chain_follows.leader END,
       progress = CASE WHEN $6::boolean IS NOT NULL THEN NULL ELSE chain_follows.progress END,
       updated_at = now()`,
    [
      chain,
      settings.rpcUrl,
      settings.from?.toString() ?? null,
      settings.to?.toString() ?? null,
      settings.confirmations,
      running,
    ],
  );
}

/** The records of a batch's blocks through the ethereum-etl importer's own record builder. */
function recordsOf(blocks: readonly FollowedBlock[], tokenItems: readonly Record<string, unknown>[]) {
  const ledger: LedgerRecord[] = [];
  const assets: AssetRecord[] = [];
  let line = 0;
  for (const item of [...tokenItems, ...blocks.flatMap((block) => block.items)]) {
    const result = ethereumEtlRecord(item, chain, ++line);
    if (result.kind === "ledger") ledger.push(result.record);
    else if (result.kind === "asset") assets.push(result.record);
  }
  return { ledger, assets };
}

/**
 * The server's follower of one Ethereum node; started by `buildServer`, driven by
 * `/v1/ingest/ethereum`. Every server process on a store has one: the one holding the stored lease
 * follows, the others stand by, take over when it lapses, and answer the status it stores.
 */
export class ChainFollower {
  readonly #store: Store;
  readonly #notifier: (DeliverySettings & { kick(): void }) | null;
  readonly #options: FollowerOptions;
  /** This process, as the lease names it. */
  readonly #id = randomUUID();
  /** The stored generation the running loop follows. */
  #generation: number | null = null;
  #leading = false;
  #abort: AbortController | null = null;
  #loop: Promise<void> | null = null;
  #watcher: NodeJS.Timeout | null = null;
  #watching = false;
  /** Start, stop, close and the watcher's changes run one after another, never two loops at once. */
  #turn: Promise<unknown> = Promise.resolve();
  #state: IngestStatus["state"] = "stopped";
  #head: bigint | null = null;
  #samples: Sample[] = [];
  #blocksIngested = 0;
  #transfersIngested = 0;
  #reorgs = 0;
  #lastError: { message: string; at: string } | null = null;
  /** The next batch's blocks, being read while the batch before them is written. */
  #ahead: { from: bigint; to: bigint; blocks: Promise<FollowedBlock[] | null> } | null = null;
  /** Token contracts whose metadata was read (or found stored) already: read once. */
  readonly #tokensKnown = new Set<string>();

  constructor(
    store: Store,
    notifier: (DeliverySettings & { kick(): void }) | null,
    options: FollowerOptions,
  ) {
    this.#store = store;
    this.#notifier = notifier;
    this.#options = options;
  }

  /**
   * At server start: the environment's settings (if any) are stored, then a follower the store
   * says is running goes on from its checkpoint (or stands by while another process follows), and
   * this process keeps watching for a start made through another.
   */
  async resume(fromEnvironment: FollowSettings | null): Promise<void> {
    if (fromEnvironment) await saveSettings(this.#store, fromEnvironment, null);
    // An embedded store is one process's: a lease left in it is a killed process's.
    if (this.#store.kind === "pglite")
      await this.#store.query("UPDATE chain_follows SET leader = NULL WHERE chain = $1", [chain]);
    const stored = await readSettings(this.#store);
    if (stored?.running) this.#run(stored, stored.generation);
    this.#watcher = setInterval(() => void this.#watch(), watchMs);
    this.#watcher.unref();
  }

  /** Starts (or restarts with new settings) following; the settings outlive a restart. */
  start(settings: FollowSettings): Promise<void> {
    return this.#serial(async () => {
      await this.#halt();
      await saveSettings(this.#store, settings, true);
      const stored = await readSettings(this.#store);
      this.#lastError = null;
      this.#run(settings, stored!.generation);
    });
  }

  /**
   * Stops after the batch in hand and remembers it: a restarted server stays stopped, and the
   * process following (this one or another) stops at its next batch.
   */
  stop(): Promise<void> {
    return this.#serial(async () => {
      await this.#halt();
      await this.#store.query(
        `UPDATE chain_follows SET running = false, generation = generation + 1, leader = NULL,
           updated_at = now() WHERE chain = $1`,
        [chain],
      );
      this.#state = "stopped";
    });
  }

  /** Server shutdown: stops the loop and hands the lease over, leaving the settings as they are. */
  close(): Promise<void> {
    if (this.#watcher) clearInterval(this.#watcher);
    this.#watcher = null;
    return this.#serial(async () => {
      await this.#halt();
      await this.#store
        .query("UPDATE chain_follows SET leader = NULL WHERE chain = $1 AND leader = $2", [chain, this.#id])
        .catch(() => {});
    });
  }

  #serial<T>(change: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(change, change);
    this.#turn = next.catch(() => {});
    return next;
  }

  async status(): Promise<IngestStatus> {
    const checkpoint = await readCheckpoint(this.#store);
    const settings = await readSettings(this.#store);
    // Another process follows: its stored progress is the status, so every process answers alike.
    const shown = (!this.#leading && settings?.running ? settings.progress : null) ?? this.#progress();
    const head = shown.head === null ? null : BigInt(shown.head);
    const state: IngestStatus["state"] = settings?.running
      ? "following"
      : this.#state === "following" && settings
        ? "stopped"
        : this.#state;
    return {
      ...shown,
      chain,
      // A range finished before this process started is done, not merely stopped.
      state:
        state === "stopped" && settings?.to != null && checkpoint !== null && checkpoint.number >= settings.to
          ? "done"
          : state,
      rpcUrl: settings ? redactedRpcUrl(settings.rpcUrl) : null,
      from: settings?.from?.toString() ?? null,
      to: settings?.to?.toString() ?? null,
      confirmations: settings?.confirmations ?? 0,
      checkpoint: checkpoint?.number.toString() ?? null,
      checkpointHash: checkpoint?.hash ?? null,
      behind:
        head !== null && checkpoint !== null
          ? (head > checkpoint.number ? head - checkpoint.number : 0n).toString()
          : null,
    };
  }

  /** What this process measured, for the other processes' status. */
  #progress(): Progress {
    const { head, blocksPerSecond, transfersPerSecond } = this.#rates();
    return {
      head,
      blocksPerSecond,
      transfersPerSecond,
      blocksIngested: this.#blocksIngested,
      transfersIngested: this.#transfersIngested,
      reorgs: this.#reorgs,
      lastError: this.#lastError?.message ?? null,
      lastErrorAt: this.#lastError?.at ?? null,
    };
  }

  #rates(): Pick<IngestStatus, "head" | "blocksPerSecond" | "transfersPerSecond"> {
    const now = Date.now();
    const samples = this.#samples.filter((sample) => now - sample.at <= rateWindowMs);
    const first = samples[0];
    const seconds = first ? Math.max((now - first.at) / 1000, 1) : 1;
    const sum = (pick: (sample: Sample) => number) =>
      samples.reduce((total, sample) => total + pick(sample), 0);
    return {
      head: this.#head?.toString() ?? null,
      blocksPerSecond: samples.length > 0 ? sum((sample) => sample.blocks) / seconds : 0,
      transfersPerSecond: samples.length > 0 ? sum((sample) => sample.transfers) / seconds : 0,
    };
  }

  /** A start or stop made through another process reaches this one (a follower between batches too). */
  async #watch(): Promise<void> {
    if (this.#watching || !this.#watcher) return;
    this.#watching = true;
    await this.#serial(async () => {
      if (!this.#watcher) return;
      const stored = await readSettings(this.#store);
      if (stored?.running && this.#generation !== stored.generation) {
        await this.#halt();
        this.#run(stored, stored.generation);
      } else if (stored && !stored.running && this.#loop) {
        await this.#halt();
        if (this.#state === "following") this.#state = "stopped";
      }
    }).catch(() => {
      // The store away or closing: the next look will tell.
    });
    this.#watching = false;
  }

  async #halt(): Promise<void> {
    this.#abort?.abort();
    await this.#loop;
    this.#loop = null;
    this.#abort = null;
    this.#ahead = null;
    this.#generation = null;
    this.#leading = false;
  }

  #run(settings: FollowSettings, generation: number): void {
    const client = ethereumClient(settings.rpcUrl);
    const abort = new AbortController();
    this.#generation = generation;
    this.#samples = [];
    this.#state = "following";
    this.#abort = abort;
    // The loop outlives the request that started it: its statements are no request's work.
    this.#loop = outsideRequest(() => this.#follow(settings, generation, client, abort.signal));
  }

  /**
   * Takes or renews the lease for this generation: "lead" when this process follows, "standby"
   * while another's lease holds, "ended" when the follow was stopped or started anew since.
   */
  async #claim(generation: number): Promise<"lead" | "standby" | "ended"> {
    const claimed = await this.#store.query(
      `UPDATE chain_follows SET leader = $2, lease_until = now() + make_interval(secs => $4)
       WHERE chain = $1 AND running AND generation = $3
         AND (leader IS NULL OR leader = $2 OR lease_until < now())
       RETURNING 1`,
      [chain, this.#id, generation, leaseSeconds],
    );
    if (claimed.length > 0) return "lead";
    const stored = await readSettings(this.#store);
    return stored?.running && stored.generation === generation ? "standby" : "ended";
  }

  async #follow(
    settings: FollowSettings,
    generation: number,
    client: PublicClient,
    signal: AbortSignal,
  ): Promise<void> {
    let failures = 0;
    await this.#store.transaction((tx) => seedReferenceData(tx));
    while (!signal.aborted) {
      try {
        const role = await this.#claim(generation);
        if (role === "ended") {
          // The watcher takes a new generation up; a stop or a finished range leaves it stopped.
          this.#leading = false;
          this.#state = "stopped";
          return;
        }
        this.#leading = role === "lead";
        if (role === "standby") {
          await sleep(watchMs, signal);
          continue;
        }
        const done = await this.#step(settings, client, signal);
        failures = 0;
        if (done) {
          await this.#store.query(
            "UPDATE chain_follows SET running = false, leader = NULL, progress = $2 WHERE chain = $1 AND generation = $3",
            [chain, JSON.stringify(this.#progress()), generation],
          );
          this.#leading = false;
          this.#state = "done";
          return;
        }
      } catch (error) {
        if (signal.aborted) return;
        failures++;
        const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
        this.#lastError = { message, at: new Date().toISOString() };
        this.#options.log?.warn({ err: message }, "chain follower: batch failed, retrying");
        await this.#saveProgress().catch(() => {});
        await sleep(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)), signal);
      }
    }
  }

  /** One batch: answers true once the range's last block is in the store. */
  async #step(settings: FollowSettings, client: PublicClient, signal: AbortSignal): Promise<boolean> {
    const checkpoint = await readCheckpoint(this.#store);
    const [head, nodeHash] = await Promise.all([
      client.getBlockNumber(),
      checkpoint === null ? null : blockHashAt(client, checkpoint.number),
    ]);
    this.#head = head;
    // The node replaced the checkpoint's block itself (a reorganisation with no new block yet).
    if (checkpoint !== null && nodeHash !== null && nodeHash !== checkpoint.hash) {
      await this.#rollBack(client);
      return false;
    }
    let next = checkpoint ? checkpoint.number + 1n : null;
    if (settings.from !== null && (next === null || settings.from > next)) next = settings.from;
    if (settings.to !== null && next !== null && next > settings.to) return true;
    const safe = head - BigInt(settings.confirmations);
    if (next === null) next = safe < 0n ? 0n : safe;
    let last = next + BigInt(this.#options.batchBlocks - 1);
    if (last > safe) last = safe;
    if (settings.to !== null && last > settings.to) last = settings.to;
    if (last < next) {
      await sleep(this.#options.pollMs, signal);
      return false;
    }
    const blocks = await this.#blocksOf(client, next, last);
    last = blocks[blocks.length - 1]!.number;
    for (let index = 1; index < blocks.length; index++) {
      // The node reorganised while answering: read the batch again.
      if (blocks[index]!.parentHash !== blocks[index - 1]!.hash) return false;
    }
    if (checkpoint !== null && next === checkpoint.number + 1n && blocks[0]!.parentHash !== checkpoint.hash) {
      await this.#rollBack(client);
      return false;
    }
    if (signal.aborted) return false;
    // The next range is read while this one is written: the node works while the store does. What
    // it reads is checked like any batch (parent hashes) before it is written.
    let aheadTo = last + BigInt(this.#options.batchBlocks);
    if (aheadTo > safe) aheadTo = safe;
    if (settings.to !== null && aheadTo > settings.to) aheadTo = settings.to;
    if (aheadTo > last) this.#readAhead(client, last + 1n, aheadTo);
    await this.#write(blocks, checkpoint, client);
    return false;
  }

  /** Blocks `from`..`to` (fewer when a read ahead of them holds fewer), read ahead or now. */
  async #blocksOf(client: PublicClient, from: bigint, to: bigint): Promise<FollowedBlock[]> {
    const ahead = this.#ahead;
    this.#ahead = null;
    if (ahead?.from === from && ahead.to <= to) {
      const blocks = await ahead.blocks;
      if (blocks !== null) return blocks;
    }
    return readBlocks(client, from, to);
  }

  #readAhead(client: PublicClient, from: bigint, to: bigint): void {
    // A failed read ahead is read again in its own turn, where a failure counts.
    this.#ahead = { from, to, blocks: readBlocks(client, from, to).catch(() => null) };
  }

  /** A parent-hash mismatch: undoes the store's blocks after the last one the node still has. */
  async #rollBack(client: PublicClient): Promise<void> {
    const kept = await this.#store.query<{ block_number: string | number; block_hash: string }>(
      "SELECT block_number, block_hash FROM chain_blocks WHERE chain = $1 ORDER BY block_number DESC",
      [chain],
    );
    let ancestor: bigint | null = null;
    for (const row of kept) {
      const number = BigInt(row.block_number);
      if ((await blockHashAt(client, number)) === row.block_hash) {
        ancestor = number;
        break;
      }
    }
    const checkpoint = kept[0] ? BigInt(kept[0].block_number) : null;
    if (ancestor === null || checkpoint === null) {
      throw new Error(
        `The node's chain parts from the store's more than ${kept.length} blocks back; follow again from a block before the fork (--from)`,
      );
    }
    const removed = await this.#store.transaction(async (tx) => {
      await lockRollupWriters(tx);
      return await rollBackAndSettle(tx, chain, ancestor, checkpoint, this.#notifier);
    });
    forgetSummaryRows();
    this.#ahead = null;
    this.#reorgs++;
    this.#options.log?.info(
      { after: ancestor.toString(), blocks: removed.blocks, transfers: removed.transfers },
      "chain follower: rolled back orphaned blocks",
    );
  }

  async #tokenItems(
    client: PublicClient,
    blocks: readonly FollowedBlock[],
  ): Promise<Record<string, unknown>[]> {
    const wanted = [...new Set(blocks.flatMap((block) => [...block.tokens]))].filter(
      (contract) => !this.#tokensKnown.has(contract),
    );
    if (wanted.length === 0) return [];
    const stored = await this.#store.query<{ contract: string }>(
      "SELECT contract FROM assets WHERE chain = $1 AND contract = ANY($2::text[]) AND symbol <> 'UNKNOWN'",
      [chain, wanted],
    );
    for (const row of stored) this.#tokensKnown.add(row.contract);
    const unread = wanted.filter((contract) => !this.#tokensKnown.has(contract));
    const items = await Promise.all(unread.map((contract) => readTokenItem(client, contract)));
    for (const contract of unread) this.#tokensKnown.add(contract);
    return items.filter((item) => item !== null);
  }

  async #write(
    blocks: readonly FollowedBlock[],
    checkpoint: Checkpoint | null,
    client: PublicClient,
  ): Promise<void> {
    const tokenItems = await this.#tokenItems(client, blocks);
    const { ledger, assets } = recordsOf(blocks, tokenItems);
    const lastBlock = blocks[blocks.length - 1]!;
    const written = await this.#store.transaction(async (tx) => {
      await lockRollupWriters(tx);
      // Another process took these blocks meanwhile (several servers on one PostgreSQL): read again.
      const current = await readCheckpoint(tx);
      if (current?.number !== checkpoint?.number) return false;
      const writer = new LedgerWriter(tx, chain);
      await writer.writeAssets(assets);
      await writer.write(ledger);
      await writer.finish();
      await tx.query(
        `INSERT INTO chain_blocks (chain, block_number, block_hash)
         SELECT $1, * FROM unnest($2::bigint[], $3::text[])
         ON CONFLICT (chain, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash`,
        [chain, blocks.map((block) => block.number.toString()), blocks.map((block) => block.hash)],
      );
      await tx.query("DELETE FROM chain_blocks WHERE chain = $1 AND block_number <= $2", [
        chain,
        (lastBlock.number - BigInt(keptBlockHashes)).toString(),
      ]);
      await settleWrites(
        tx,
        {
          addressIds: writer.recountedAddressIds,
          // The read model follows the batch's keys: it adds the batch's transfers to its
          // addresses' sums, and values anew the holders of tokens whose metadata it read
          // (settleRollups), never a rebuild of the store.
          addedAddressIds: writer.addedAddressIds,
          attribution: false,
          assetIds: writer.changedAssetIds,
        },
        this.#notifier,
      );
      return true;
    });
    forgetSummaryRows();
    if (!written) return;
    this.#notifier?.kick();
    const transfers = ledger.reduce((total, record) => total + record.movements.length, 0);
    this.#blocksIngested += blocks.length;
    this.#transfersIngested += transfers;
    const now = Date.now();
    this.#samples.push({ at: now, blocks: blocks.length, transfers });
    this.#samples = this.#samples.filter((sample) => now - sample.at <= rateWindowMs);
    await this.#saveProgress();
  }

  /** This process's progress, stored while it holds the lease, for the others' status. */
  async #saveProgress(): Promise<void> {
    await this.#store.query("UPDATE chain_follows SET progress = $2 WHERE chain = $1 AND leader = $3", [
      chain,
      JSON.stringify(this.#progress()),
      this.#id,
    ]);
  }
}
