import { useStore } from "@nanostores/react";
import { Button, Dialog, Label, ProgressBar, Spinner, Text } from "@primer/react";
import { type AsyncJobDetails, downloadMessages } from "@sleuth/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { showMessage } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { $jobsPanelOpen, closeJobsPanel } from "./downloadStore.ts";
import { useJobList } from "./jobQueries.ts";
import { saveFile } from "./saveFile.ts";

const statusVariant = {
  queued: "secondary",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  expired: "secondary",
} as const;

const when = (instant: string | null) =>
  instant ? new Date(instant).toISOString().replace("T", " ").slice(0, 16).concat(" UTC") : "";

/** 001 §7 background jobs: each job's status and progress, its download and when it expires. */
export function JobsPanel() {
  const open = useStore($jobsPanelOpen);
  return open ? <JobsPanelContent /> : null;
}

function JobsPanelContent() {
  const jobs = useJobList(true);
  return (
    <Dialog title="Background jobs" onClose={closeJobsPanel} width="xlarge">
      {jobs.isPending ? (
        <Spinner size="small" srText="Loading jobs" />
      ) : jobs.isError ? (
        <Text as="p" role="alert">
          {downloadMessages.failed}
        </Text>
      ) : jobs.data.jobs.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          No background jobs yet. Larger downloads run here.
        </Text>
      ) : (
        <ul className="sleuth-jobs" aria-label="Background jobs">
          {jobs.data.jobs.map((job) => (
            <JobRow key={job.asyncJobUuid} job={job} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function JobRow({ job }: { job: AsyncJobDetails }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const percent = job.totalRows ? Math.floor((job.progressRows / job.totalRows) * 100) : 0;
  const download = async () => {
    setBusy(true);
    try {
      const { url, fileName } = await sleuthClient.asyncJobs.downloadUrl(job.asyncJobUuid);
      saveFile({ url }, fileName);
      await sleuthClient.activity
        .log("download", {
          jobType: job.jobType,
          rows: job.totalRows,
          mode: "job",
          asyncJobUuid: job.asyncJobUuid,
        })
        .catch(() => {});
      await queryClient.invalidateQueries({ queryKey: ["async-jobs"] });
    } catch {
      showMessage({ variant: "critical", title: downloadMessages.failed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="sleuth-job" data-testid="job-row">
      <div className="sleuth-job-head">
        <Text className="sleuth-job-name">{job.fileName}</Text>
        <Label variant={statusVariant[job.status]}>{job.status}</Label>
      </div>
      <div className="sleuth-job-progress">
        <ProgressBar
          progress={job.status === "succeeded" ? 100 : percent}
          aria-label={`${job.fileName} progress`}
        />
        <Text className="sleuth-muted">
          {job.progressRows.toLocaleString("en-US")} of {(job.totalRows ?? 0).toLocaleString("en-US")} rows
        </Text>
      </div>
      <div className="sleuth-job-meta">
        <Text className="sleuth-muted">
          {job.status === "failed"
            ? (job.error ?? downloadMessages.failed)
            : job.resultExpiresAt
              ? `Expires ${when(job.resultExpiresAt)}${job.resultDownloadedAt ? ` · downloaded ${when(job.resultDownloadedAt)}` : ""}`
              : `Started ${when(job.createdAt)}`}
        </Text>
        {job.status === "succeeded" ? (
          <Button size="small" onClick={() => void download()} disabled={busy}>
            Download {job.fileName}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
