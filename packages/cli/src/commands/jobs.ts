import { resolve } from "node:path";
import { type AsyncJobDetails, asyncJobStatuses, countedNoun, manifestPathOf } from "@sleuth/sdk";
import { type Command, Option } from "commander";
import { downloadResult, verifyExport } from "../downloads/exportFiles.ts";
import { waitForJob } from "../downloads/waitForJob.ts";
import { CliError, exitCodes } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { renderTable } from "../output/table.ts";
import { action } from "../session.ts";

const progressOf = (job: AsyncJobDetails) =>
  job.totalRows ? `${Math.floor((job.progressRows / job.totalRows) * 100)}%` : "";

/** `sleuth jobs`: 001 §7 background jobs — list, wait, download, and verify a file against its manifest. */
export function registerJobs(program: Command, io: CliIo): void {
  const jobs = program.command("jobs").description("background jobs: list, wait for, download, verify");

  jobs
    .command("list")
    .description("your jobs in the current organization, newest first")
    .option("--json", "print the jobs as JSON")
    .option("--limit <n>", "how many", "20")
    .addOption(new Option("--status <status>", "only jobs in this state").choices(asyncJobStatuses))
    .action(
      action(io, async (session, command) => {
        const flags = command.opts<{ json?: boolean; limit: string; status?: AsyncJobDetails["status"] }>();
        const { client } = await session.scopedClient();
        const { jobs: list, count } = await client.asyncJobs.list({
          limit: Number(flags.limit),
          ...(flags.status ? { status: flags.status } : {}),
        });
        if (flags.json) return session.out.json({ jobs: list, count });
        if (list.length === 0) return session.out.info("no jobs yet");
        session.out.data(
          renderTable(
            list,
            [
              { header: "uuid", value: (job: AsyncJobDetails) => job.asyncJobUuid, shrink: false },
              { header: "type", value: (job) => job.jobType },
              { header: "status", value: (job) => job.status },
              { header: "progress", value: (job) => progressOf(job) },
              { header: "rows", value: (job) => String(job.totalRows ?? "") },
              { header: "expires", value: (job) => job.resultExpiresAt ?? "" },
              { header: "downloaded", value: (job) => job.resultDownloadedAt ?? "" },
            ],
            { tty: Boolean(session.io.stdout.isTTY), width: session.io.stdout.columns },
          ),
        );
        session.out.info(countedNoun(count, "job"));
      }),
    );

  jobs
    .command("wait")
    .description("wait until a job has its result (a progress bar on a terminal)")
    .argument("<uuid>", "the job")
    .action(
      action(io, async (session, command) => {
        const { client } = await session.scopedClient();
        const job = await waitForJob(client, session.io, command.args[0] ?? "");
        session.out.info(
          `job ${job.asyncJobUuid} succeeded: ${job.progressRows.toLocaleString("en-US")} rows`,
        );
      }),
    );

  jobs
    .command("download")
    .description("download a job's file and its manifest (written atomically)")
    .argument("<uuid>", "the job")
    .option("-o, --output <file>", "where to write it (default: the job's file name)")
    .action(
      action(io, async (session, command) => {
        const uuid = command.args[0] ?? "";
        const { client } = await session.scopedClient();
        const job = await client.asyncJobs.get(uuid);
        if (job.status !== "succeeded")
          throw new CliError(`job ${uuid} is ${job.status}`, {
            hint: "`sleuth jobs wait <uuid>` waits for it",
          });
        const output = resolve(session.io.cwd, command.opts<{ output?: string }>().output ?? job.fileName);
        const { url } = await client.asyncJobs.downloadUrl(uuid);
        const manifest = await downloadResult(url, output);
        await client.activity.log("download", {
          jobType: job.jobType,
          rows: manifest.rowCount,
          mode: "job",
          asyncJobUuid: uuid,
        });
        session.out.data(output);
        session.out.info(
          `${manifest.rowCount.toLocaleString("en-US")} rows; manifest: ${manifestPathOf(output)}`,
        );
      }),
    );

  jobs
    .command("verify")
    .description("check a downloaded file against its manifest (<file>.manifest.json): size, SHA-256, rows")
    .argument("<file>", "the CSV file")
    .action(
      action(io, async (session, command) => {
        const path = resolve(session.io.cwd, command.args[0] ?? "");
        const { manifest, problems } = await verifyExport(path);
        if (problems.length > 0) {
          throw new CliError(`${path} does not match its manifest: ${problems.join("; ")}`, {
            exitCode: exitCodes.verifyFailed,
          });
        }
        session.out.data(`ok ${manifest.sha256} ${manifest.rowCount} rows ${path}`);
      }),
    );
}
