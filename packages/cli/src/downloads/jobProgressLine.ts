import type { AsyncJobDetails } from "@sleuth/sdk";
import { Box, Text } from "ink";
import React from "react";
import type { OutputStream } from "../io.ts";
import { startInkLine } from "../output/inkLine.ts";

const h = React.createElement;
const barWidth = 24;

/** A job's progress bar: rows written of the rows the job will write, and its status. */
export function JobProgress(props: { job: AsyncJobDetails | null }) {
  const { job } = props;
  if (!job) return h(Text, { dimColor: true }, "starting the job…");
  const total = job.totalRows ?? 0;
  const fraction = total > 0 ? Math.min(job.progressRows / total, 1) : 0;
  const filled = Math.round(fraction * barWidth);
  return h(
    Box,
    null,
    h(Text, { color: "cyan" }, "█".repeat(filled)),
    h(Text, { dimColor: true }, "░".repeat(barWidth - filled)),
    h(Text, null, ` ${String(Math.floor(fraction * 100)).padStart(3)}%  `),
    h(
      Text,
      { bold: true },
      `${job.progressRows.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows`,
    ),
    h(Text, { dimColor: true }, ` · ${job.status}`),
  );
}

/** The Ink bar on stderr while a job runs (a terminal only); `update` redraws it. */
export function startJobProgress(stderr: OutputStream) {
  return startInkLine<AsyncJobDetails>(stderr, (job) => h(JobProgress, { job }));
}
