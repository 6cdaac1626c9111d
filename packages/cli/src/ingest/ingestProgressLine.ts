import { type IngestStatus, ingestProgressText } from "@sleuth/sdk";
import { Box, Text } from "ink";
import React from "react";
import type { OutputStream } from "../io.ts";
import { startInkLine } from "../output/inkLine.ts";

const h = React.createElement;

/** The follower's progress: the checkpoint against the head, the rates, and the last error. */
export function IngestProgress(props: { status: IngestStatus | null }) {
  const { status } = props;
  if (!status) return h(Text, { dimColor: true }, "starting the follower…");
  return h(
    Box,
    { flexDirection: "column" },
    h(
      Box,
      null,
      h(Text, { color: status.state === "done" ? "green" : "cyan" }, status.state === "done" ? "✔ " : "⟳ "),
      h(Text, null, ingestProgressText(status)),
    ),
    status.lastError ? h(Text, { color: "yellow" }, `retrying: ${status.lastError}`) : null,
  );
}

/** The Ink line on stderr while the follower runs (a terminal only); `update` redraws it. */
export function startIngestProgress(stderr: OutputStream) {
  return startInkLine<IngestStatus>(stderr, (status) => h(IngestProgress, { status }));
}
