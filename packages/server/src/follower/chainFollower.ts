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

async function readSettings(db: Queryable): Promise<(FollowSettings & { running: boolean }) | null> {
  const [row] = await db.query<{
    rpc_url: string;
    from_block: string | number | null;
    to_block: string | number | null;
    confirmations: number;
    running: boolean;
  }>("SELECT rpc_url, from_block, to_block, confirmations, running FROM chain_follows WHERE chain = $1", [
    chain,
  ]);
  if (!row) return null;
  return {
    rpcUrl: row.rpc_url,
    from: row.from_block === null ? null : BigInt(row.from_block),
    to: row.to_block === null ? null : BigInt(row.to_block),
    confirmations: Number(row.confirmations),
    running: row.running,
  };
}

async function saveSettings(db: Queryable, settings: FollowSettings, running: boolean | null): Promise<void> {
  // running null: a new row runs, a stored one keeps its state (an admin's stop outlives a restart).
  await db.query(
    `INSERT INTO chain_follows (chain, rpc_url, from_block, to_block, confirmations, running)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, true))
     ON CONFLICT (chain) DO UPDATE SET rpc_url = EXCLUDED.rpc_url, from_block = EXCLUDED.from_block,
       to_block = EXCLUDED.to_block, confirmations = EXCLUDED.confirmations,
       running = coalesce($6, chain_follows.running), updated_at = now()`,
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

/** The server's follower of one Ethereum node; started by `buildServer`, driven by `/v1/ingest/ethereum`. */
export class ChainFollower {
  readonly #store: Store;
  readonly #notifier: (DeliverySettings & { kick(): void }) | null;
  readonly #options: FollowerOptions;
  #settings: FollowSettings | null = null;
  #client: PublicClient | null = null;
  #abort: AbortController | null = null;
  #loop: Promise<void> | null = null;
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
   * says was running goes on from its checkpoint.
   */
  async resume(fromEnvironment: FollowSettings | null): Promise<void> {
    if (fromEnvironment) await saveSettings(this.#store, fromEnvironment, null);
    const stored = await readSettings(this.#store);
    if (stored?.running) this.#run(stored);
  }

  /** Starts (or restarts with new settings) following; the settings outlive a restart. */
  async start(settings: FollowSettings): Promise<void> {
    await this.#halt();
    await saveSettings(this.#store, settings, true);
    this.#lastError = null;
    this.#run(settings);
  }

  /** Stops after the batch in hand and remembers it: a restarted server stays stopped. */
  async stop(): Promise<void> {
    await this.#halt();
    await this.#store.query("UPDATE chain_follows SET running = false, updated_at = now() WHERE chain = $1", [
      chain,
    ]);
    this.#state = "stopped";
  }

  /** Server shutdown: stops the loop, leaving the stored state as it is. */
  async close(): Promise<void> {
    await this.#halt();
  }

  async status(): Promise<IngestStatus> {
    const checkpoint = await readCheckpoint(this.#store);
    const settings = this.#settings ?? (await readSettings(this.#store));
    const now = Date.now();
    const samples = this.#samples.filter((sample) => now - sample.at <= rateWindowMs);
    const first = samples[0];
    const seconds = first ? Math.max((now - first.at) / 1000, 1) : 1;
    const sum = (pick: (sample: Sample) => number) =>
      samples.reduce((total, sample) => total + pick(sample), 0);
    return {
      chain,
      // A range finished before this process started is done, not merely stopped.
      state:
        this.#state === "stopped" &&
        settings?.to != null &&
        checkpoint !== null &&
        checkpoint.number >= settings.to
          ? "done"
          : this.#state,
      rpcUrl: settings ? redactedRpcUrl(settings.rpcUrl) : null,
      from: settings?.from?.toString() ?? null,
      to: settings?.to?.toString() ?? null,
      confirmations: settings?.confirmations ?? 0,
      head: this.#head?.toString() ?? null,
      checkpoint: checkpoint?.number.toString() ?? null,
      checkpointHash: checkpoint?.hash ?? null,
      behind:
        this.#head !== null && checkpoint !== null && this.#head > checkpoint.number
          ? (this.#head - checkpoint.number).toString()
          : this.#head !== null && checkpoint !== null
            ? "0"
            : null,
      blocksPerSecond: samples.length > 0 ? sum((sample) => sample.blocks) / seconds : 0,
      transfersPerSecond: samples.length > 0 ? sum((sample) => sample.transfers) / seconds : 0,
      blocksIngested: this.#blocksIngested,
      transfersIngested: this.#transfersIngested,
      reorgs: this.#reorgs,
      lastError: this.#lastError?.message ?? null,
      lastErrorAt: this.#lastError?.at ?? null,
    };
  }

  async #halt(): Promise<void> {
    this.#abort?.abort();
    await this.#loop;
    this.#loop = null;
    this.#abort = null;
    this.#ahead = null;
  }

  #run(settings: FollowSettings): void {
    this.#settings = settings;
    this.#client = ethereumClient(settings.rpcUrl);
    this.#samples = [];
    this.#state = "following";
    const abort = new AbortController();
    this.#abort = abort;
    this.#loop = this.#follow(settings, this.#client, abort.signal);
  }

  async #follow(settings: FollowSettings, client: PublicClient, signal: AbortSignal): Promise<void> {
    let failures = 0;
    await this.#store.transaction((tx) => seedReferenceData(tx));
    while (!signal.aborted) {
      try {
        const done = await this.#step(settings, client, signal);
        failures = 0;
        if (done) {
          await this.#store.query(
            "UPDATE chain_follows SET running = false, updated_at = now() WHERE chain = $1",
            [chain],
          );
          this.#state = "done";
          return;
        }
      } catch (error) {
        if (signal.aborted) return;
        failures++;
        const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
        this.#lastError = { message, at: new Date().toISOString() };
        this.#options.log?.warn({ err: message }, "chain follower: batch failed, retrying");
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
    if (ancestor === null) {
      throw new Error(
        `The node's chain parts from the store's more than ${kept.length} blocks back; follow again from a block before the fork (--from)`,
      );
    }
    const removed = await this.#store.transaction(async (tx) => {
      await lockRollupWriters(tx);
      return await rollBackAndSettle(tx, chain, ancestor, this.#notifier);
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
  }
}
