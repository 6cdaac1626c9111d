import { randomUUID } from "node:crypto";
import {
  type ChainId,
  chainInfo,
  type ImportFormat,
  type ImportResult,
  priceFileAsset,
  priceSourceText,
} from "@sleuth/sdk";
import { forgetSummaryRows } from "../metrics/rememberedAnswers.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import { seedReferenceData } from "../reference/referenceData.ts";
import { settleWrites } from "../rollups/settleWrites.ts";
import { lockRollupWriters } from "../rollups/writerLock.ts";
import type { Queryable, Store } from "../store/store.ts";
import { type ListItem, parseLabelList, parseSanctionsList } from "./addressLists.ts";
import type { TagRecord } from "./attributionRecords.ts";
import { AttributionWriter } from "./attributionWriter.ts";
import { bitcoinEtlRecord } from "./bitcoinEtl.ts";
import { chainOfName } from "./chainResolution.ts";
import { csvRows } from "./csvRows.ts";
import {
  type EthereumEtlKind,
  ethereumEtlColumns,
  ethereumEtlKindOf,
  ethereumEtlRecord,
} from "./ethereumEtl.ts";
import { parseActorPack, parseTagPack } from "./graphsensePacks.ts";
import { ImportFormatError, type SkippedRecord } from "./importErrors.ts";
import { type ImportOptions, skippedListLimit } from "./importFormats.ts";
import { type ImportSource, peekFirstLine, readText } from "./importSource.ts";
import { jsonLines } from "./jsonLines.ts";
import type { AssetRecord, LedgerRecord } from "./ledgerRecords.ts";
import { type BatchOutcome, LedgerWriter } from "./ledgerWriter.ts";
import { type PriceRecord, readPriceFile } from "./priceFiles.ts";
import { assetIdsNamed, PriceWriter } from "./priceWriter.ts";
import { repriceAssets, repriceDays } from "./repricing.ts";
import { cryptoScamDbSource, parseScamReports } from "./scamReports.ts";
import { writeScamReports } from "./scamReportWriter.ts";
import {
  deleteStagedRows,
  type LedgerResult,
  type LedgerRow,
  readStagedRows,
  writeStagedRows,
} from "./stagedRecords.ts";
import { parseTokenList } from "./tokenLists.ts";

const defaultBatchSize = 5_000;
const parseTurnRecords = 250;

class Tally {
  inserted = 0;
  unchanged = 0;
  skippedCount = 0;
  readonly skipped: SkippedRecord[] = [];

  skip(entry: SkippedRecord): void {
    this.skippedCount++;
    if (this.skipped.length < skippedListLimit) this.skipped.push(entry);
  }

  add(outcome: BatchOutcome): void {
    this.inserted += outcome.inserted;
    this.unchanged += outcome.unchanged;
    for (const entry of outcome.skipped) this.skip(entry);
  }
}

/** Issue 46: how far an import is, for its job's progress. */
export interface ImportProgress {
  /** reading: parsing the file into staged rows (chain exports); applying: the one transaction. */
  phase: "reading" | "applying";
  recordsRead: number;
  inserted: number;
  unchanged: number;
  skippedCount: number;
}

export interface ImportHooks {
  /** Names the staged rows (a job passes its own, so a rerun clears what a killed run left). */
  stagingKey?: string;
  onProgress?: (progress: ImportProgress) => void;
  /** Runs inside the import's transaction after its writes: a job records its result with them. */
  onApplied?: (tx: Queryable, result: ImportResult) => Promise<void>;
}

interface ImportContext {
  tx: Queryable;
  source: ImportSource;
  options: ImportOptions;
  tally: Tally;
  batchSize: number;
  /** Addresses whose transfers the import re-priced (or wrote without recording them as added). */
  touchedAddressIds: Set<number>;
  /** Addresses whose only change is transfers the import inserted (settleWrites adds them). */
  addedAddressIds: Set<number>;
  /** Addresses whose owner or tags the import changed. */
  attributedAddressIds: Set<number>;
  /** Entities whose fields the import changed. */
  entityIds: Set<number>;
  /** Assets whose prices or metadata the import changed. */
  assetIds: Set<number>;
  /** Records the reading phase found (chain exports), for progress. */
  recordsRead: number;
  onProgress: ImportHooks["onProgress"];
}

/**
 * Issue 46: lets the event loop answer others between batches. PGlite on this thread
 * (SLEUTH_PGLITE_THREAD=main) resolves its queries without a turn of the loop, so a chain of them
 * would hold every socket; the parsing between them is work on this thread whichever store runs.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function reportApplying(context: ImportContext): void {
  context.onProgress?.({
    phase: "applying",
    recordsRead: context.recordsRead,
    inserted: context.tally.inserted,
    unchanged: context.tally.unchanged,
    skippedCount: context.tally.skippedCount,
  });
}

/** Adds to the context the addresses with transfers of `assets` (on the days of price_changes). */
async function addRepricedAddresses(context: ImportContext, assets: "changed days" | readonly number[]) {
  const rows = await context.tx.query<{ address_id: number }>(
    assets === "changed days"
      ? `SELECT DISTINCT f.address_id FROM address_daily_flows f
         JOIN price_changes p ON p.asset_id = f.asset_id AND p.day = f.day`
      : "SELECT DISTINCT address_id FROM address_daily_flows WHERE asset_id = ANY($1::int[])",
    assets === "changed days" ? [] : [assets],
  );
  for (const row of rows) context.touchedAddressIds.add(Number(row.address_id));
}

function chainOption(
  options: ImportOptions,
  fallback: ChainId,
  family: "evm" | "utxo",
  format: string,
): ChainId {
  if (!options.chain) return fallback;
  const chain = chainOfName(options.chain);
  if (chain === null || chainInfo(chain).family !== family) {
    throw new ImportFormatError(
      `${format} exports are for ${family === "evm" ? "EVM" : "UTXO"} chains; ${options.chain} is not one`,
    );
  }
  return chain;
}

async function importLedger(
  context: ImportContext,
  chain: ChainId,
  rows: AsyncIterable<LedgerRow>,
): Promise<void> {
  const writer = new LedgerWriter(context.tx, chain);
  let ledger: LedgerRecord[] = [];
  let assets: AssetRecord[] = [];
  const flush = async () => {
    context.tally.add(await writer.writeAssets(assets));
    context.tally.add(await writer.write(ledger));
    ledger = [];
    assets = [];
    reportApplying(context);
    await yieldToEventLoop();
  };
  for await (const { line, result } of rows) {
    if (result.kind === "skipped") context.tally.skip({ line, reason: result.reason });
    else if (result.kind === "ledger") ledger.push(result.record);
    else if (result.kind === "asset") assets.push(result.record);
    if (ledger.length + assets.length >= context.batchSize) await flush();
  }
  await flush();
  await writer.finish();
  for (const id of writer.addedAddressIds) context.addedAddressIds.add(id);
  for (const id of writer.recountedAddressIds) context.touchedAddressIds.add(id);
  for (const id of writer.changedAssetIds) context.assetIds.add(id);
}

/** Each JSON line as a ledger record; a line that is no JSON object is skipped with why. */
async function* jsonLedgerRows(
  source: ImportSource,
  record: (value: Record<string, unknown>, line: number) => LedgerResult,
): AsyncGenerator<LedgerRow> {
  for await (const entry of jsonLines(source)) {
    if (entry.problem !== null)
      yield { line: entry.line, result: { kind: "skipped", reason: entry.problem } as const };
    else if (typeof entry.value !== "object" || entry.value === null || Array.isArray(entry.value))
      yield { line: entry.line, result: { kind: "skipped", reason: "not a JSON object" } as const };
    else yield { line: entry.line, result: record(entry.value as Record<string, unknown>, entry.line) };
  }
}

/** A chain export's chain and its parsed lines (parsed as they are read, before any write). */
interface LedgerFile {
  chain: ChainId;
  rows: AsyncIterable<LedgerRow>;
}

async function ethereumEtlFile(source: ImportSource, options: ImportOptions): Promise<LedgerFile> {
  const chain = chainOption(options, "ethereum", "evm", "ethereum-etl");
  const { firstLine, rest } = await peekFirstLine(source);
  if (firstLine.trimStart().startsWith("{")) {
    return { chain, rows: jsonLedgerRows(rest, (value, line) => ethereumEtlRecord(value, chain, line)) };
  }
  let kind: EthereumEtlKind | null = null;
  const rows = csvRows(rest, ({ columns }) => {
    const found = ethereumEtlKindOf(columns);
    if (found === null || found === "ignored") {
      throw new ImportFormatError(
        `Not an ethereum-etl export: the header should hold ${ethereumEtlColumns.transaction.join(", ")} (transactions.csv) or ${ethereumEtlColumns.token_transfer.join(", ")} (token_transfers.csv)`,
        1,
      );
    }
    kind = found;
  });
  return {
    chain,
    rows: (async function* () {
      for await (const row of rows) {
        if (row.problem !== null)
          yield { line: row.line, result: { kind: "skipped", reason: row.problem } as const };
        else yield { line: row.line, result: ethereumEtlRecord(row.fields, chain, row.line, kind) };
      }
    })(),
  };
}

async function bitcoinEtlFile(source: ImportSource, options: ImportOptions): Promise<LedgerFile> {
  const chain = chainOption(options, "bitcoin", "utxo", "bitcoin-etl");
  const { firstLine, rest } = await peekFirstLine(source);
  if (firstLine !== "" && !firstLine.trimStart().startsWith("{")) {
    throw new ImportFormatError(
      "Not a bitcoin-etl export: expected JSON lines (one transaction object per line)",
      1,
    );
  }
  return { chain, rows: jsonLedgerRows(rest, (value, line) => bitcoinEtlRecord(value, chain, line)) };
}

type LedgerFormat = "ethereum-etl" | "bitcoin-etl";

const ledgerFiles: Readonly<
  Record<LedgerFormat, (source: ImportSource, options: ImportOptions) => Promise<LedgerFile>>
> = {
  "ethereum-etl": ethereumEtlFile,
  "bitcoin-etl": bitcoinEtlFile,
};

function isLedgerFormat(format: ImportFormat): format is LedgerFormat {
  return format in ledgerFiles;
}

/**
 * Issue 46: parses a chain export into staged rows, one short transaction per batch, so other
 * requests are answered between them while a long file is read.
 */
async function stageLedgerFile(
  store: Store,
  stagingKey: string,
  format: LedgerFormat,
  source: ImportSource,
  options: ImportOptions,
  batchSize: number,
  onProgress: ImportHooks["onProgress"],
): Promise<{ chain: ChainId; recordsRead: number }> {
  const { chain, rows } = await ledgerFiles[format](source, options);
  await deleteStagedRows(store, stagingKey);
  let batch: LedgerRow[] = [];
  let seq = 0;
  let recordsRead = 0;
  let skippedCount = 0;
  const flush = async () => {
    if (batch.length > 0) await writeStagedRows(store, stagingKey, seq++, batch);
    batch = [];
    await yieldToEventLoop();
    onProgress?.({ phase: "reading", recordsRead, inserted: 0, unchanged: 0, skippedCount });
  };
  for await (const row of rows) {
    if (row.result.kind === "ignored") continue;
    recordsRead++;
    // Parsing is work on this thread too: others get a turn every few hundred records.
    if (recordsRead % parseTurnRecords === 0) await yieldToEventLoop();
    if (row.result.kind === "skipped") skippedCount++;
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { chain, recordsRead };
}

async function writeTagItems(
  context: ImportContext,
  origin: string,
  items: AsyncIterable<ListItem>,
): Promise<void> {
  const writer = new AttributionWriter(context.tx, origin);
  let batch: TagRecord[] = [];
  for await (const item of items) {
    if ("skipped" in item) context.tally.skip(item.skipped);
    else batch.push(item.record);
    if (batch.length >= context.batchSize) {
      context.tally.add(await writer.writeTags(batch));
      batch = [];
    }
  }
  context.tally.add(await writer.writeTags(batch));
  for (const id of writer.taggedAddressIds) context.attributedAddressIds.add(id);
}

async function* listItems(
  records: readonly TagRecord[],
  skipped: readonly SkippedRecord[],
): AsyncGenerator<ListItem> {
  // In file order, so the skipped lines are reported in order.
  const items: ListItem[] = [
    ...records.map((record) => ({ record })),
    ...skipped.map((entry) => ({ skipped: entry })),
  ];
  const lineOf = (item: ListItem) => ("record" in item ? item.record.line : item.skipped.line);
  yield* items.sort((a, b) => lineOf(a) - lineOf(b));
}

// The other formats are reference lists and packs: read whole, written in the import's transaction.
const importers: Readonly<
  Record<Exclude<ImportFormat, LedgerFormat>, (context: ImportContext) => Promise<void>>
> = {
  "graphsense-tagpack": async (context) => {
    const { records, skipped } = parseTagPack(await readText(context.source));
    return writeTagItems(context, "graphsense-tagpack", listItems(records, skipped));
  },
  "graphsense-actorpack": async (context) => {
    const { records, skipped } = parseActorPack(await readText(context.source));
    for (const entry of skipped) context.tally.skip(entry);
    const writer = new AttributionWriter(context.tx, "graphsense-actorpack");
    context.tally.add(await writer.writeEntities(records));
    for (const id of writer.changedEntityIds) context.entityIds.add(id);
  },
  "ofac-sdn": async (context) => {
    await writeTagItems(
      context,
      "ofac-sdn",
      parseSanctionsList(context.source, context.options.asset?.trim() || null),
    );
    // Issue 41: a file none of whose lines is an address is not a list to answer "all skipped" for.
    const { tally } = context;
    const [first] = tally.skipped;
    if (tally.inserted === 0 && tally.unchanged === 0 && first)
      throw new ImportFormatError(
        `Not an OFAC SDN address list: none of its ${tally.skippedCount} lines is an address Sleuth can read (${first.reason})`,
        first.line,
      );
  },
  "address-labels": (context) =>
    writeTagItems(
      context,
      "address-labels",
      parseLabelList(context.source, { source: context.options.source?.trim() || "address list import" }),
    ),
  cryptoscamdb: async (context) => {
    const { records, skipped } = parseScamReports(await readText(context.source));
    for (const entry of skipped) context.tally.skip(entry);
    context.tally.add(await writeScamReports(context.tx, cryptoScamDbSource, records));
  },
  "token-list": async (context) => {
    const { records, skipped } = parseTokenList(await readText(context.source));
    for (const entry of skipped) context.tally.skip(entry);
    const writer = new LedgerWriter(context.tx, "ethereum");
    context.tally.add(await writer.writeAssets(records));
    // Issue 43: decimals named later re-apply to the transfers already stored in raw units.
    const repriced = await repriceAssets(context.tx, [...writer.changedAssetIds]);
    for (const id of writer.changedAssetIds) context.assetIds.add(id);
    if (repriced > 0) await addRepricedAddresses(context, [...writer.changedAssetIds]);
  },
  prices: importPrices,
};

/**
 * Issue 43: daily USD prices, each row recording its source, then one set-based re-pricing of the
 * transfers of the assets and days whose price changed (the rollups follow in runImport).
 */
async function importPrices(context: ImportContext): Promise<void> {
  const file = await readPriceFile(context.source);
  const fileName = context.options.source?.trim() || null;
  const fileAsset = context.options.asset?.trim() || (fileName === null ? null : priceFileAsset(fileName));
  if (file.format !== "plain-csv") {
    if (fileAsset === null)
      throw new ImportFormatError(
        "A one-asset price file needs its asset: name it by symbol or asset URN (--asset ETH), or by the file name (eth.csv)",
      );
    if ((await assetIdsNamed(context.tx, fileAsset)).length === 0)
      throw new ImportFormatError(
        `No asset "${fileAsset}" in the store: name it by symbol or asset URN (--asset)`,
      );
  }
  const writer = new PriceWriter(context.tx, priceSourceText(file.format, fileName), fileAsset);
  let batch: PriceRecord[] = [];
  for await (const item of file.items) {
    if ("skipped" in item) context.tally.skip(item.skipped);
    else batch.push(item.record);
    if (batch.length >= context.batchSize) {
      context.tally.add(await writer.write(batch));
      batch = [];
    }
  }
  context.tally.add(await writer.write(batch));
  if (context.tally.inserted > 0) {
    await repriceDays(context.tx);
    await addRepricedAddresses(context, "changed days");
    const assets = await context.tx.query<{ asset_id: number }>(
      "SELECT DISTINCT asset_id FROM price_changes",
    );
    for (const row of assets) context.assetIds.add(Number(row.asset_id));
  }
}

/**
 * Imports one file in one transaction: everything it writes commits together with the rollups
 * recomputed from it, or nothing does (a malformed file, a failure half-way). Bad records are
 * skipped and reported by line. Every write is keyed, so importing the same file again inserts
 * nothing and changes nothing. A chain export is parsed first into staged rows (issue 46), in
 * short transactions of their own; the one transaction then applies them.
 */
export async function runImport(
  store: Store,
  format: ImportFormat,
  source: ImportSource,
  options: ImportOptions = {},
  notifier: DeliverySettings | null = null,
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  const stagingKey = hooks.stagingKey ?? `run-${randomUUID()}`;
  const batchSize = Math.max(1, options.batchSize ?? defaultBatchSize);
  let staged: { chain: ChainId; recordsRead: number } | null = null;
  try {
    if (isLedgerFormat(format)) {
      staged = await stageLedgerFile(store, stagingKey, format, source, options, batchSize, hooks.onProgress);
    }
    // PGlite serves one query at a time: a transaction left waiting on a slow upload would stall
    // every other request, so the embedded store reads the body before it starts. PostgreSQL streams.
    const input =
      staged !== null
        ? ""
        : store.kind === "pglite" && typeof source !== "string"
          ? await readText(source)
          : source;
    return await store.transaction(async (tx) => {
      // One import or follower batch at a time on one PostgreSQL database (writerLock.ts).
      await lockRollupWriters(tx);
      await seedReferenceData(tx);
      const tally = new Tally();
      const context: ImportContext = {
        tx,
        source: input,
        options,
        tally,
        batchSize,
        touchedAddressIds: new Set(),
        addedAddressIds: new Set(),
        attributedAddressIds: new Set(),
        entityIds: new Set(),
        assetIds: new Set(),
        recordsRead: staged?.recordsRead ?? 0,
        onProgress: hooks.onProgress,
      };
      reportApplying(context);
      if (staged !== null) await importLedger(context, staged.chain, readStagedRows(tx, stagingKey));
      else await importers[format as Exclude<ImportFormat, LedgerFormat>](context);
      // Issue 41: an empty file (or one of blank lines) is refused, not answered "nothing to do".
      if (tally.inserted === 0 && tally.unchanged === 0 && tally.skippedCount === 0)
        throw new ImportFormatError("The file holds no records to import: it is empty");
      if (tally.inserted > 0) {
        // The read model follows the keys the import touched (issue 46); 002 §4: a detector watching
        // an address the import touched raises its alerts with the import.
        await settleWrites(
          tx,
          {
            addressIds: context.touchedAddressIds,
            addedAddressIds: context.addedAddressIds,
            attribution: false,
            attributedAddressIds: context.attributedAddressIds,
            entityIds: context.entityIds,
            assetIds: context.assetIds,
          },
          notifier,
        );
        await tx.query("INSERT INTO world_loads (kind, name, details) VALUES ('import', $1, $2::jsonb)", [
          format,
          JSON.stringify({
            inserted: tally.inserted,
            unchanged: tally.unchanged,
            skipped: tally.skippedCount,
            options,
          }),
        ]);
      }
      const result: ImportResult = {
        format,
        inserted: tally.inserted,
        unchanged: tally.unchanged,
        skipped: tally.skipped,
        skippedCount: tally.skippedCount,
      };
      if (staged !== null) await deleteStagedRows(tx, stagingKey);
      await hooks.onApplied?.(tx, result);
      return result;
    });
  } finally {
    // Once committed: summaries read during the import are the old ones (refreshRollups forgot them
    // before the commit).
    forgetSummaryRows();
    // A failed import leaves no staged rows behind (a committed one deleted its own).
    if (isLedgerFormat(format)) await deleteStagedRows(store, stagingKey).catch(() => {});
  }
}
