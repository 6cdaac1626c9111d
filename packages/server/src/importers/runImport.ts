import { type ChainId, chainInfo, priceFileAsset, priceSourceText } from "@sleuth/sdk";
import { forgetSummaryRows } from "../metrics/rememberedAnswers.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import { settleWrites } from "../rollups/settleWrites.ts";
import type { Queryable, Store } from "../store/store.ts";
import { seedReferenceData } from "../world/referenceData.ts";
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
import {
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
  skippedListLimit,
} from "./importFormats.ts";
import { type ImportSource, peekFirstLine, readText } from "./importSource.ts";
import { jsonLines } from "./jsonLines.ts";
import type { AssetRecord, LedgerRecord } from "./ledgerRecords.ts";
import { type BatchOutcome, LedgerWriter } from "./ledgerWriter.ts";
import { type PriceRecord, readPriceFile } from "./priceFiles.ts";
import { assetIdsNamed, PriceWriter } from "./priceWriter.ts";
import { repriceAssets, repriceDays } from "./repricing.ts";
import { cryptoScamDbSource, parseScamReports } from "./scamReports.ts";
import { writeScamReports } from "./scamReportWriter.ts";
import { parseTokenList } from "./tokenLists.ts";

// Any fixed 64-bit number: imports on one PostgreSQL database run one at a time.
const importLockKey = 7_365_810_246;
const defaultBatchSize = 5_000;

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

interface ImportContext {
  tx: Queryable;
  source: ImportSource;
  options: ImportOptions;
  tally: Tally;
  batchSize: number;
  /** Addresses whose transfers the import wrote. */
  touchedAddressIds: Set<number>;
}

/**
 * Whether an importer changed who is who or what is worth what (attribution, entities, token
 * metadata, prices); the transfers it wrote are in the context's `touchedAddressIds`.
 */
type Effect = "attribution" | "none";

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
  rows: AsyncIterable<{ line: number; result: LedgerResult }>,
): Promise<Effect> {
  const writer = new LedgerWriter(context.tx, chain);
  let ledger: LedgerRecord[] = [];
  let assets: AssetRecord[] = [];
  const flush = async () => {
    context.tally.add(await writer.writeAssets(assets));
    context.tally.add(await writer.write(ledger));
    ledger = [];
    assets = [];
  };
  for await (const { line, result } of rows) {
    if (result.kind === "skipped") context.tally.skip({ line, reason: result.reason });
    else if (result.kind === "ledger") ledger.push(result.record);
    else if (result.kind === "asset") assets.push(result.record);
    if (ledger.length + assets.length >= context.batchSize) await flush();
  }
  await flush();
  await writer.finish();
  for (const id of writer.touchedAddressIds) context.touchedAddressIds.add(id);
  // Addresses written without a transfer still enter the summaries: the whole read model follows.
  return "attribution";
}

type LedgerResult = ReturnType<typeof ethereumEtlRecord> | ReturnType<typeof bitcoinEtlRecord>;

/** Each JSON line as a ledger record; a line that is no JSON object is skipped with why. */
async function* jsonLedgerRows(
  source: ImportSource,
  record: (value: Record<string, unknown>, line: number) => LedgerResult,
): AsyncGenerator<{ line: number; result: LedgerResult }> {
  for await (const entry of jsonLines(source)) {
    if (entry.problem !== null)
      yield { line: entry.line, result: { kind: "skipped", reason: entry.problem } as const };
    else if (typeof entry.value !== "object" || entry.value === null || Array.isArray(entry.value))
      yield { line: entry.line, result: { kind: "skipped", reason: "not a JSON object" } as const };
    else yield { line: entry.line, result: record(entry.value as Record<string, unknown>, entry.line) };
  }
}

async function importEthereumEtl(context: ImportContext): Promise<Effect> {
  const chain = chainOption(context.options, "ethereum", "evm", "ethereum-etl");
  const { firstLine, rest } = await peekFirstLine(context.source);
  if (firstLine.trimStart().startsWith("{")) {
    return importLedger(
      context,
      chain,
      jsonLedgerRows(rest, (value, line) => ethereumEtlRecord(value, chain, line)),
    );
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
  return importLedger(
    context,
    chain,
    (async function* () {
      for await (const row of rows) {
        if (row.problem !== null)
          yield { line: row.line, result: { kind: "skipped", reason: row.problem } as const };
        else yield { line: row.line, result: ethereumEtlRecord(row.fields, chain, row.line, kind) };
      }
    })(),
  );
}

async function importBitcoinEtl(context: ImportContext): Promise<Effect> {
  const chain = chainOption(context.options, "bitcoin", "utxo", "bitcoin-etl");
  const { firstLine, rest } = await peekFirstLine(context.source);
  if (firstLine !== "" && !firstLine.trimStart().startsWith("{")) {
    throw new ImportFormatError(
      "Not a bitcoin-etl export: expected JSON lines (one transaction object per line)",
      1,
    );
  }
  return importLedger(
    context,
    chain,
    jsonLedgerRows(rest, (value, line) => bitcoinEtlRecord(value, chain, line)),
  );
}

async function writeTagItems(
  context: ImportContext,
  origin: string,
  items: AsyncIterable<ListItem>,
): Promise<Effect> {
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
  return "attribution";
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

const importers: Readonly<Record<ImportFormat, (context: ImportContext) => Promise<Effect>>> = {
  "graphsense-tagpack": async (context) => {
    const { records, skipped } = parseTagPack(await readText(context.source));
    return writeTagItems(context, "graphsense-tagpack", listItems(records, skipped));
  },
  "graphsense-actorpack": async (context) => {
    const { records, skipped } = parseActorPack(await readText(context.source));
    for (const entry of skipped) context.tally.skip(entry);
    context.tally.add(await new AttributionWriter(context.tx, "graphsense-actorpack").writeEntities(records));
    return "attribution";
  },
  "ethereum-etl": importEthereumEtl,
  "bitcoin-etl": importBitcoinEtl,
  "ofac-sdn": (context) =>
    writeTagItems(
      context,
      "ofac-sdn",
      parseSanctionsList(context.source, context.options.asset?.trim() || null),
    ),
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
    return "none";
  },
  "token-list": async (context) => {
    const { records, skipped } = parseTokenList(await readText(context.source));
    for (const entry of skipped) context.tally.skip(entry);
    const writer = new LedgerWriter(context.tx, "ethereum");
    context.tally.add(await writer.writeAssets(records));
    // Issue 43: decimals named later re-apply to the transfers already stored in raw units.
    const repriced = await repriceAssets(context.tx, [...writer.changedAssetIds]);
    return writer.changedAssetIds.size > 0 || repriced > 0 ? "attribution" : "none";
  },
  prices: importPrices,
};

/**
 * Issue 43: daily USD prices, each row recording its source, then one set-based re-pricing of the
 * transfers of the assets and days whose price changed (the rollups follow in runImport).
 */
async function importPrices(context: ImportContext): Promise<Effect> {
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
  if (context.tally.inserted > 0) await repriceDays(context.tx);
  return "attribution";
}

/**
 * Imports one file in one transaction: everything it writes commits together with the rollups
 * recomputed from it, or nothing does (a malformed file, a failure half-way). Bad records are
 * skipped and reported by line. Every write is keyed, so importing the same file again inserts
 * nothing and changes nothing.
 */
export async function runImport(
  store: Store,
  format: ImportFormat,
  source: ImportSource,
  options: ImportOptions = {},
  notifier: DeliverySettings | null = null,
): Promise<ImportResult> {
  // PGlite serves one query at a time: a transaction left waiting on a slow upload would stall every
  // other request, so the embedded store reads the body before it starts. PostgreSQL streams.
  const input = store.kind === "pglite" && typeof source !== "string" ? await readText(source) : source;
  try {
    return await store.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [importLockKey]);
      await seedReferenceData(tx);
      const tally = new Tally();
      const context: ImportContext = {
        tx,
        source: input,
        options,
        tally,
        batchSize: Math.max(1, options.batchSize ?? defaultBatchSize),
        touchedAddressIds: new Set(),
      };
      const effect = await importers[format](context);
      // Issue 41: an empty file (or one of blank lines) is refused, not answered "nothing to do".
      if (tally.inserted === 0 && tally.unchanged === 0 && tally.skippedCount === 0)
        throw new ImportFormatError("The file holds no records to import: it is empty");
      if (tally.inserted > 0) {
        // 002 §4: a detector watching an address the import touched raises its alerts with the import.
        await settleWrites(
          tx,
          { addressIds: context.touchedAddressIds, attribution: effect === "attribution" },
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
      return {
        format,
        inserted: tally.inserted,
        unchanged: tally.unchanged,
        skipped: tally.skipped,
        skippedCount: tally.skippedCount,
      };
    });
  } finally {
    // Once committed: summaries read during the import are the old ones (refreshRollups forgot them
    // before the commit).
    forgetSummaryRows();
  }
}
