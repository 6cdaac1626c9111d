import {
  type AsyncJobDetails,
  downloadMessages,
  runningJobPollIntervalMs,
  type SleuthClient,
} from "@sleuth/sdk";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { showsProgress } from "../output/interactive.ts";

/**
 * Polls a job until it has a result (or failed), with the Ink bar on a terminal and nothing on
 * stderr otherwise but a last line. A failed or expired job is an error (001 §8's text).
 */
export async function waitForJob(client: SleuthClient, io: CliIo, uuid: string): Promise<AsyncJobDetails> {
  const display = showsProgress({ stderr: io.stderr, env: io.env })
    ? (await import("./jobProgressLine.ts")).startJobProgress(io.stderr)
    : null;
  try {
    for (;;) {
      const job = await client.asyncJobs.get(uuid);
      display?.update(job);
      if (job.status === "succeeded") return job;
      if (job.status === "failed" || job.status === "expired")
        throw new CliError(job.error ?? downloadMessages.failed, { hint: `job ${uuid} ${job.status}` });
      await new Promise((resolve) => setTimeout(resolve, runningJobPollIntervalMs));
    }
  } finally {
    await display?.stop();
  }
}
