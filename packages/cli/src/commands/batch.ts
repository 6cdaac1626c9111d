import { open } from "node:fs/promises";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { type ChainId, chainById } from "@sleuth/sdk";
import { type Command, InvalidArgumentError, Option } from "commander";
import { type ReadProgress, readCsvColumn, readInputLines } from "../batch/batchInput.ts";
import { batchConcurrency, batchSliceLimits, clientLookups } from "../batch/batchLookups.ts";
import {
  type BatchProgressState,
  emptyCounts,
  loadProgressLine,
  type ProgressDisplay,
} from "../batch/batchProgress.ts";
import { type BatchFormat, batchFormats, createRowWriter } from "../batch/batchWriters.ts";
import { type BatchSummary, runBatch } from "../batch/runBatch.ts";
import { CancelledError, CliError, exitCodes } from "../errors.ts";
import { onInterrupt } from "../interrupt.ts";
import type { CliIo } from "../io.ts";
import { integerIn } from "../numberOptions.ts";
import { showsProgress } from "../output/interactive.ts";
import { action, type Session } from "../session.ts";

interface BatchFlags {
  column?: string;
  format: BatchFormat;
  chain?: ChainId;
  concurrency: number;
  retries: number;
  allowFailures?: boolean;
  progress: boolean;
}

function chainOption(value: string): ChainId {
  const chain = chainById(value);
  if (!chain) throw new InvalidArgumentError("not a chain id or symbol (bitcoin or btc, ethereum or eth…)");
  return chain.id;
}

/** The input stream and, for a file, its size (for the progress bar). */
async function openInput(
  file: string | undefined,
  io: CliIo,
): Promise<{ stream: NodeJS.ReadableStream; size: number | null }> {
  if (file === undefined || file === "-") {
    if (file === undefined && io.stdin.isTTY)
      throw new CliError("nothing to read: name a file, or pipe identifiers in", {
        hint: "`sleuth batch list.txt`, `cat list.txt | sleuth batch`, or `sleuth batch -` to type them",
      });
    return { stream: io.stdin, size: null };
  }
  try {
    const handle = await open(resolve(io.cwd, file));
    const info = await handle.stat();
    if (info.isDirectory()) {
      await handle.close();
      throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    }
    return { stream: handle.createReadStream(), size: info.isFile() ? info.size : null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new CliError(`cannot read ${file} (${code})`);
  }
}

const count = (value: number) => value.toLocaleString("en-US");

function summaryLine(summary: BatchSummary, ms: number): string {
  const { resolved, unknown, invalid, failed } = summary.counts;
  const rate = Math.round((summary.inputs / Math.max(ms, 1)) * 1000);
  return (
    `${count(summary.inputs)} inputs, ${count(summary.rows)} rows: ${count(resolved)} resolved, ` +
    `${count(unknown)} unknown, ${count(invalid)} invalid, ${count(failed)} failed ` +
    `in ${(ms / 1000).toFixed(1)} s (${count(rate)} inputs/s)`
  );
}

/**
 * The scoped client, whether the organization may search IPs (000 §6 feature flag), and the chains
 * the server excludes from recognition (000 §5: it has no data there).
 */
async function batchClient(session: Session) {
  const { client, organization } = await session.scopedClient();
  const [flags, configuration] = await Promise.all([
    organization ? client.featureFlags.get(organization.uuid, "cli") : null,
    client.search.configuration(),
  ]);
  if (configuration.notice) session.out.warn(configuration.notice);
  return { client, ipSearch: flags?.ipSearch ?? true, excludedChains: configuration.excludedChains };
}

async function runBatchCommand(session: Session, file: string | undefined, flags: BatchFlags): Promise<void> {
  const { io } = session;
  const { client, ipSearch, excludedChains } = await batchClient(session);
  const input = await openInput(file, io);
  const progress: ReadProgress = { bytesRead: 0, inputsRead: 0 };
  const state: BatchProgressState = {
    inputs: 0,
    counts: emptyCounts(),
    bytesRead: 0,
    inputsRead: 0,
    totalBytes: input.size,
    startedAt: Date.now(),
  };
  const display: ProgressDisplay | null =
    flags.progress && showsProgress({ stderr: io.stderr, env: io.env })
      ? (await loadProgressLine()).startProgress(io, state)
      : null;
  const cancel = new AbortController();
  const release = onInterrupt(() => cancel.abort(new CancelledError()));
  let summary: BatchSummary;
  try {
    summary = await runBatch({
      input: flags.column
        ? readCsvColumn(input.stream, flags.column, progress)
        : readInputLines(input.stream, progress),
      lookups: clientLookups(client),
      limits: batchSliceLimits,
      writer: createRowWriter(flags.format, io.stdout),
      recognize: { ...(flags.chain ? { chain: flags.chain } : {}), excludedChains, recognizeInet: ipSearch },
      concurrency: flags.concurrency,
      retries: flags.retries,
      signal: cancel.signal,
      ...(display ? { aroundWrite: display.writeData } : {}),
      onSlice: (current) => {
        state.inputs = current.inputs;
        state.counts = current.counts;
        state.bytesRead = progress.bytesRead;
        state.inputsRead = progress.inputsRead;
      },
    });
  } finally {
    release();
    await display?.stop();
    // After Ctrl-C a read may still wait on an open stdin; it would keep the process alive.
    (input.stream as Partial<Readable>).destroy?.();
  }
  const elapsed = Date.now() - state.startedAt;
  session.out.info(summaryLine(summary, elapsed));
  if (summary.cancelled) {
    session.out.info(
      summary.lastLine > 0
        ? `stopped after input line ${count(summary.lastLine)}; every row written is complete`
        : "stopped before any row was complete",
    );
    throw new CancelledError();
  }
  const unresolved = summary.rows - summary.counts.resolved;
  if (unresolved > 0 && !flags.allowFailures) {
    throw new CliError(`${count(unresolved)} of ${count(summary.rows)} rows did not resolve`, {
      exitCode: exitCodes.rowsUnresolved,
      hint: "their status and error columns say why; --allow-failures exits 0 all the same",
    });
  }
}

/** `sleuth batch [file|-]`: many identifiers resolved in bulk (000 §7), written back in input order. */
export function registerBatch(program: Command, io: CliIo): void {
  program
    .command("batch")
    .description("look up many identifiers at once: one per line, or a CSV column; CSV, JSON or NDJSON out")
    .argument("[file]", "the input file, or - for standard input (the default when it is piped)")
    .option("--column <name>", "read a CSV with a header row and take the identifiers from this column")
    .addOption(
      new Option("--format <format>", "output format")
        .choices(batchFormats)
        .default("csv" satisfies BatchFormat),
    )
    .addOption(
      new Option("--chain <chain>", "look addresses and transactions up on this chain only").argParser(
        chainOption,
      ),
    )
    .addOption(
      new Option("--concurrency <n>", "slices in flight at once")
        .argParser(integerIn(1, 16))
        .default(batchConcurrency),
    )
    .addOption(
      new Option("--retries <n>", "extra attempts for a failed batch, after a pause")
        .argParser(integerIn(0, 5))
        .default(1),
    )
    .option("--allow-failures", "exit 0 even when some rows did not resolve (CI screening)")
    .option("--no-progress", "no progress line on the terminal")
    .addHelpText(
      "after",
      `
Each input is an address, transaction hash, IP address, or entity / custom-entity URN (a pasted
URN works for any of them). Rows come out in input order with the columns
  input, kind, chain, urn, entity, category, categoryRiskScoreLevel, riskLabel,
  balanceAmountUsd, totalVolumeUsd, firstActiveDate, lastActiveDate, status, error
status is resolved, unknown (valid but not in the store), invalid, or failed (the lookup
failed after its retries). An address valid on several chains (a 0x address) is looked up on
each chain the server has data on and gets one row per chain it is known on; --chain picks one
chain (searched even when the server has no data there).

Exit codes: 0 every row resolved (or --allow-failures), 1 failure, 2 cancelled (Ctrl-C: the
rows already complete are written and the output is closed), 3 some rows did not resolve,
4 authentication required.

Examples:
  sleuth batch addresses.txt > screened.csv
  sleuth batch --column wallet --format ndjson customers.csv
  cut -d, -f2 export.csv | sleuth batch - --format json --allow-failures`,
    )
    .action(
      action(io, async (session, command) => {
        const [file] = command.processedArgs as [string | undefined];
        await runBatchCommand(session, file, command.opts<BatchFlags>());
      }),
    );
}
