import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  ApiError,
  type AsyncJobDetails,
  attributionTypes,
  backgroundJobThreshold,
  manifestPathOf,
  planDownload,
} from "@sleuth/sdk";
import { type Command, InvalidArgumentError, Option } from "commander";
import { downloadResult, saveExport } from "../downloads/exportFiles.ts";
import { type ExportTable, exportRequestFor, exportTables, parseRange } from "../downloads/exportTables.ts";
import { waitForJob } from "../downloads/waitForJob.ts";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { action, type Session } from "../session.ts";

interface ExportFlags {
  range?: string;
  async?: boolean;
  output?: string;
  type: string;
  category?: number;
  named?: boolean;
  risk?: number;
}

/** The row count a 409 from the direct download names (more than 100 rows: a job, 001 §4). */
function rowCountOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const count = (error.details as { rowCount?: unknown } | undefined)?.rowCount;
  return typeof count === "number" ? count : null;
}

async function readUrns(file: string, io: CliIo): Promise<string[]> {
  const text = await readFile(resolve(io.cwd, file), "utf8");
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * `sleuth export`: 001 §4's decision, as the console makes it. 100 rows or fewer download directly;
 * more, or --async, run as a background job that the CLI waits on (the Ink bar on a terminal) and
 * then downloads. With -o the file and its manifest are written atomically; without, the CSV goes to
 * stdout.
 */
async function runExport(session: Session, table: ExportTable, subject: string, flags: ExportFlags) {
  const { client } = await session.scopedClient();
  const base = exportRequestFor(table, subject, {
    attributionType: flags.type,
    ...(flags.category === undefined ? {} : { category: flags.category }),
    ...(flags.named ? { named: true } : {}),
    ...(flags.risk === undefined ? {} : { risk: flags.risk }),
    ...(table === "screening" ? { urns: await readUrns(subject, session.io) } : {}),
  });
  const range = flags.range ? parseRange(flags.range) : null;
  let request = base;
  if (range) {
    // 001 §5: both ends, in order, within the limit; the server cuts a range at the last row.
    const plan = planDownload({ selection: { kind: "range", ...range }, totalCount: range.end });
    if (!plan.ok) throw new CliError(plan.message);
    request = { ...base, parameters: { ...base.parameters, offset: plan.offset, limit: plan.limit } };
  }
  const output = flags.output ? resolve(session.io.cwd, flags.output) : null;
  const direct =
    flags.async || (range && range.end - range.start + 1 > backgroundJobThreshold)
      ? null
      : await client.asyncJobs.direct(request).catch((error: unknown) => {
          const rowCount = rowCountOf(error);
          if (rowCount === null) throw error;
          // 001 §4 / §9: more than 100 rows is a job, and at most 100,000 of them.
          const plan = planDownload({ selection: { kind: "all" }, totalCount: rowCount });
          if (!plan.ok) throw new CliError(plan.message);
          return null;
        });
  if (direct) {
    if (output) {
      await saveExport(output, direct.csv, direct.manifest);
      session.out.data(output);
      session.out.info(`manifest: ${manifestPathOf(output)}`);
    } else session.io.stdout.write(direct.csv);
    session.out.info(`${direct.manifest.rowCount.toLocaleString("en-US")} rows downloaded directly`);
    await client.activity.log("download", {
      jobType: base.jobType,
      rows: direct.manifest.rowCount,
      mode: "direct",
    });
    return;
  }
  const created = await client.asyncJobs.create(request);
  session.out.info(`job ${created.asyncJobUuid}: ${(created.totalRows ?? 0).toLocaleString("en-US")} rows`);
  const job: AsyncJobDetails = await waitForJob(client, session.io, created.asyncJobUuid);
  const { url } = await client.asyncJobs.downloadUrl(job.asyncJobUuid);
  if (output) {
    await downloadResult(url, output);
    session.out.data(output);
    session.out.info(`manifest: ${manifestPathOf(output)}`);
  } else {
    const response = await fetch(url);
    if (response.status !== 200 || !response.body)
      throw new CliError(`the download answered ${response.status}`);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      if (!session.io.stdout.write(chunk)) await once(session.io.stdout, "drain");
    }
  }
  await client.activity.log("download", {
    jobType: base.jobType,
    rows: job.progressRows,
    mode: "job",
    asyncJobUuid: job.asyncJobUuid,
  });
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError("a whole number");
  return Number(value.trim());
}

export function registerExport(program: Command, io: CliIo): void {
  program
    .command("export")
    .description("download a table as CSV: 100 rows or fewer at once, more through a background job")
    .addArgument(program.createArgument("<table>", "the table to download").choices(exportTables))
    .argument(
      "<subject>",
      "transfers, counterparties, category-transfers, category-addresses, risk: an address, entity or custom-entity URN; search: the query; screening: a file of address URNs",
    )
    .option("--range <first-last>", "only rows FIRST to LAST (1-based, both included), e.g. 1-500")
    .option("--async", "run as a background job even for 100 rows or fewer")
    .option("-o, --output <file>", "write the CSV here, and its manifest beside it (<file>.manifest.json)")
    .option("--category <id>", "category-transfers, category-addresses: the category's id", wholeNumber)
    .option("--named", "counterparties: named entities only")
    .option("--risk <level>", "counterparties: at this risk score level (1-5) or above", wholeNumber)
    .addOption(
      new Option("--type <type>", "search: the attribution type")
        .choices(attributionTypes)
        .default("address"),
    )
    .action(
      action(io, async (session, command) => {
        const [table, subject] = command.args as [ExportTable, string];
        await runExport(session, table, subject, command.opts<ExportFlags>());
      }),
    );
}
