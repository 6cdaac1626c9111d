import { awaitingDownloadQuery } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { sleuthClient } from "../session/index.ts";

/** 001 §9: the notification count is polled every 5 s. */
export const jobPollMs = 5_000;

/** 001 §7 the notification count in the header: ready results not downloaded yet. */
export function useAwaitingDownloadCount() {
  return useQuery({
    queryKey: ["async-jobs", "awaiting"],
    queryFn: async () => {
      const { count } = await sleuthClient.asyncJobs.list(awaitingDownloadQuery(new Date()));
      return count;
    },
    refetchInterval: jobPollMs,
  });
}

/** The jobs panel's list: the newest jobs, polled while it is open. */
export function useJobList(enabled: boolean) {
  return useQuery({
    queryKey: ["async-jobs", "list"],
    queryFn: () => sleuthClient.asyncJobs.list({ limit: 20, sort: "-createdAt" }),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.status === "queued" || job.status === "running")
        ? 1_000
        : jobPollMs,
    enabled,
  });
}
