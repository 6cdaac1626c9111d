import type { ImportJob } from "@sleuth/sdk";
import { Box, Text } from "ink";
import React from "react";
import type { OutputStream } from "../io.ts";
import { startInkLine } from "../output/inkLine.ts";
import { importProgressText } from "./importProgressText.ts";

const h = React.createElement;
const barWidth = 24;

/** An import job's line: a bar while it applies what it read, then where it is. */
export function ImportProgress(props: { job: ImportJob | null; file: string }) {
  const { job, file } = props;
  if (!job) return h(Text, { dimColor: true }, `sending ${file}…`);
  const applied = job.inserted + job.unchanged + job.skippedCount;
  const fraction =
    job.phase === "done"
      ? 1
      : job.phase === "applying" && job.recordsRead > 0
        ? applied / job.recordsRead
        : 0;
  const filled = Math.round(Math.min(fraction, 1) * barWidth);
  return h(
    Box,
    null,
    h(Text, { color: "cyan" }, "█".repeat(filled)),
    h(Text, { dimColor: true }, "░".repeat(barWidth - filled)),
    h(Text, null, ` ${importProgressText(job)}`),
  );
}

/** The Ink line on stderr while an import runs (a terminal only); `update` redraws it. */
export function startImportProgress(stderr: OutputStream, file: string) {
  return startInkLine<ImportJob>(stderr, (job) => h(ImportProgress, { job, file }));
}
