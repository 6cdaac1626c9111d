import { awaitingDownloadQuery, pollIntervalMs, runningJobPollIntervalMs } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { sleuthClient } from "../session/sleuthClient.ts";

/** 001 §7 the notification count in the header: ready results not downloaded yet (001 §9's poll). */
export function useAwaitingDownloadCount() {
  return useQuery({
    queryKey: ["async-jobs", "awaiting"],
    queryFn: async () => {
      const { count } = await sleuthClient.asyncJobs.list(awaitingDownloadQuery(new Date()));
      return count;
    },
    refetchInterval: pollIntervalMs,
  });
}

/** The jobs panel's list: the newest jobs, polled while it is open. */
export function useJobList(enabled: boolean) {
  return useQuery({
    queryKey: ["async-jobs", "list"],
    queryFn: () => sleuthClient.asyncJobs.list({ limit: 20, sort: "-createdAt" }),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.status === "queued" || job.status === "running")
        ? runningJobPollIntervalMs
        : pollIntervalMs,
    enabled,
  });
}
