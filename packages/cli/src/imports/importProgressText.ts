import type { ImportJob } from "@sleuth/sdk";

const count = (value: number) => value.toLocaleString("en-US");

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${count(Math.ceil(bytes / 1024))} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Issue 46: one line for where an import job is (the plain progress line, and the Ink line's text). */
export function importProgressText(job: ImportJob): string {
  switch (job.phase) {
    case "queued":
      return `queued: ${size(job.bytes)} stored on the server`;
    case "reading":
      return `reading: ${count(job.recordsRead)} records read, ${count(job.skippedCount)} skipped`;
    case "applying": {
      const done = job.inserted + job.unchanged + job.skippedCount;
      const of = job.recordsRead > 0 ? ` of ${count(job.recordsRead)}` : "";
      return `applying: ${count(done)}${of} records, ${count(job.inserted)} inserted, ${count(job.unchanged)} already present, ${count(job.skippedCount)} skipped`;
    }
    case "done":
      return `done: ${count(job.inserted)} inserted, ${count(job.unchanged)} already present, ${count(job.skippedCount)} skipped`;
  }
}
