import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

/** 001 §3 Async job. A job whose result is ready has resultExpiresAt set. */
export const asyncJobSchema = z.object({
  asyncJobUuid: z.uuid(),
  jobType: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()),
  resultDownloadedAt: instant.nullable(),
  resultExpiresAt: instant.nullable(),
});
export type AsyncJob = z.infer<typeof asyncJobSchema>;

/** 001 §7 POST /v1/async-jobs. */
export const createAsyncJobBodySchema = asyncJobSchema.pick({ jobType: true, parameters: true });
export type CreateAsyncJobBody = z.infer<typeof createAsyncJobBodySchema>;

/**
 * 001 §7: the notification count polled every 5 s. Choice: it counts jobs whose result is ready,
 * not downloaded yet and not expired at `now`.
 */
export function isAwaitingDownload(job: AsyncJob, now: Date): boolean {
  return (
    job.resultDownloadedAt === null &&
    job.resultExpiresAt !== null &&
    Date.parse(job.resultExpiresAt) > now.getTime()
  );
}

export function pendingDownloadCount(jobs: readonly AsyncJob[], now: Date): number {
  return jobs.filter((job) => isAwaitingDownload(job, now)).length;
}
