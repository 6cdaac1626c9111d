import { createReadStream } from "node:fs";
import { basename, resolve } from "node:path";
import { createGunzip } from "node:zlib";
import {
  type ImportFormat,
  type ImportJob,
  type ImportResult,
  type ImportRunOptions,
  importFormats,
  type SleuthClient,
} from "@sleuth/sdk";
import { Argument, type Command, Option } from "commander";
import { CliError } from "../errors.ts";
import { importProgressText } from "../imports/importProgressText.ts";
import type { CliIo } from "../io.ts";
import { showsProgress } from "../output/interactive.ts";
import { renderTable } from "../output/table.ts";
import { action, type Session } from "../session.ts";

interface ImportFlags {
  chain?: string;
  asset?: string;
  source?: string;
  json?: boolean;
}

// 0xB10C/ofac-sanctioned-digital-currency-addresses names each list after its asset.
const ofacListName = /^sanctioned_addresses_([A-Z0-9]+)\.txt$/i;

/**
 * The options a file implies: an OFAC list's asset from its name, a label list's source from its
 * name, a price file's name (its source, and for a one-asset file its asset: the server reads it).
 */
export function importOptionsFor(format: ImportFormat, file: string, flags: ImportFlags): ImportRunOptions {
  const name = file === "-" ? "" : basename(file).replace(/\.gz$/, "");
  const options: ImportRunOptions = {};
  if (flags.chain) options.chain = flags.chain;
  const asset =
    flags.asset ?? (format === "ofac-sdn" ? ofacListName.exec(name)?.[1]?.toUpperCase() : undefined);
  if (asset) options.asset = asset;
  const named = format === "address-labels" || format === "prices";
  const source = flags.source ?? (named && name ? name : undefined);
  if (source) options.source = source;
  return options;
}

function contentOf(file: string, io: CliIo): AsyncIterable<string | Uint8Array> {
  const stream = file === "-" ? io.stdin : createReadStream(resolve(io.cwd, file));
  // Exports travel compressed (ethereum-etl's *.csv.gz): read them as they are.
  return (file.endsWith(".gz") ? stream.pipe(createGunzip()) : stream) as AsyncIterable<string | Uint8Array>;
}

function summary(result: ImportResult): string {
  const counts = `${result.inserted} inserted, ${result.unchanged} already present, ${result.skippedCount} skipped`;
  return result.skippedCount > result.skipped.length
    ? `${counts} (the first ${result.skipped.length} listed)`
    : counts;
}

// Without a terminal, a progress line at most this often (a phase change always prints one).
const plainLineIntervalMs = 2_000;

/**
 * Issue 46: sends the file as a job and waits for it however long it runs, its progress on stderr
 * (the Ink line on a terminal, plain lines otherwise). A refused file fails as a 400 did before.
 */
async function importAsJob(
  client: SleuthClient,
  io: CliIo,
  file: string,
  start: () => Promise<ImportJob>,
): Promise<ImportResult> {
  const display = showsProgress({ stderr: io.stderr, env: io.env })
    ? (await import("../imports/importProgressLine.ts")).startImportProgress(io.stderr, file)
    : null;
  let lastText = "";
  let lastPhase = "";
  let lastAt = 0;
  const show = (job: ImportJob) => {
    if (display) return display.update(job);
    const text = importProgressText(job);
    const now = Date.now();
    if (text === lastText || (job.phase === lastPhase && now - lastAt < plainLineIntervalMs)) return;
    io.stderr.write(`import ${job.importJobUuid} ${text}\n`);
    [lastText, lastPhase, lastAt] = [text, job.phase, now];
  };
  try {
    const started = await start();
    show(started);
    const job = await client.imports.wait(started.importJobUuid, show);
    if (job.status === "failed" || job.result === null) {
      throw new CliError(job.error?.message ?? "the import failed", {
        hint: `import job ${job.importJobUuid} failed; nothing of the file was imported`,
      });
    }
    return job.result;
  } finally {
    await display?.stop();
  }
}

/** `sleuth import <format> <file>`: loads public reference data into the server (docs/IMPORTERS.md). */
export function registerImport(program: Command, io: CliIo): void {
  program
    .command("import")
    .description(
      "import a file of public data: tag packs, chain exports, sanctions and label lists, scam reports, token lists, daily USD prices",
    )
    .addArgument(new Argument("<format>", "what the file holds").choices(importFormats))
    .argument("<file>", "the file (.gz is read compressed), or - for standard input")
    .addOption(
      new Option("--chain <chain>", "the chain of an ethereum-etl (EVM) or bitcoin-etl (UTXO) export"),
    )
    .addOption(
      new Option(
        "--asset <asset>",
        "ofac-sdn: the asset of a one-address-per-line list; prices: the asset of a Coin Metrics or CoinGecko file, a symbol or asset URN (default: from the file name, eth.csv is ETH)",
      ),
    )
    .addOption(
      new Option(
        "--source <source>",
        "address-labels: where the labels come from; prices: the source each price records (default: the file name)",
      ),
    )
    .option("--json", "print {format, inserted, unchanged, skipped, skippedCount} as JSON")
    .addHelpText(
      "after",
      `
Imports are shared reference data: they need the admin role in the current organization.
Importing a file again changes nothing. Bad records are skipped and listed with their line; when
every record was skipped the command exits 1.
The server runs the import as a job; progress shows on stderr until it is done, however long.

Examples:
  sleuth import graphsense-tagpack packs/tornado_cash.yaml
  sleuth import ethereum-etl transactions.csv.gz
  sleuth import ofac-sdn sanctioned_addresses_USDT.txt
  sleuth import address-labels labels.csv --source "internal review 2024-05"
  sleuth import prices eth.csv                       # Coin Metrics CSV: the asset from the name
  sleuth import prices market_chart.json --asset ETH  # CoinGecko market_chart JSON
  sleuth import prices prices.csv                    # CSV date,asset,price_usd`,
    )
    .action(
      action(io, async (session, command) => {
        const [format, file] = command.processedArgs as [ImportFormat, string];
        const flags = command.opts<ImportFlags>();
        const { client } = await session.scopedClient();
        if (session.interactive) session.out.info(`importing ${file} as ${format}…`);
        let result: ImportResult;
        try {
          result = await importAsJob(client, io, file, () =>
            client.imports.start(format, contentOf(file, io), importOptionsFor(format, file, flags)),
          );
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === "ENOENT" || code === "EISDIR" || code === "EACCES") {
            throw new CliError(`cannot read ${file} (${code})`);
          }
          throw error;
        }
        if (flags.json) session.out.json(result);
        else printResult(session.out, result);
        // A file of which no record could be stored is a failed import, whatever the exit of the job.
        const [first] = result.skipped;
        if (result.inserted === 0 && result.unchanged === 0 && first)
          throw new CliError(
            `nothing imported: all ${result.skippedCount} records were skipped (line ${first.line}: ${first.reason})`,
          );
      }),
    );
}

function printResult(out: Session["out"], result: ImportResult): void {
  out.data(summary(result));
  if (result.skipped.length > 0) {
    out.data(
      renderTable(
        result.skipped,
        [
          { header: "line", value: (entry) => String(entry.line), align: "right" },
          { header: "reason", value: (entry) => entry.reason },
        ],
        { tty: out.tty, width: out.width },
      ),
    );
  }
}
