import { PassThrough } from "node:stream";
import { Box, render, Text } from "ink";
import React from "react";
import type { OutputStream } from "../io.ts";
import type { BatchProgressState, ProgressDisplay } from "./batchProgress.ts";

// Node strips types but does not transform JSX, so components are built with createElement.
const h = React.createElement;

const barWidth = 24;
const count = (value: number) => value.toLocaleString("en-US");

function elapsedText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The progress line: a bar when the input's size is known, inputs done, rate, and what did not resolve. */
export function BatchProgress(props: { state: BatchProgressState; now: number }) {
  const { state, now } = props;
  const elapsed = Math.max(now - state.startedAt, 1);
  const rate = Math.round((state.inputs / elapsed) * 1000);
  // The share of the file read, less what was read but not written yet.
  const written = state.inputsRead > 0 ? Math.min(state.inputs / state.inputsRead, 1) : 0;
  const fraction =
    state.totalBytes && state.totalBytes > 0
      ? Math.min(state.bytesRead / state.totalBytes, 1) * written
      : null;
  const filled = fraction === null ? 0 : Math.round(fraction * barWidth);
  const { failed, unknown, invalid } = state.counts;
  return h(
    Box,
    null,
    fraction === null
      ? null
      : h(
          Text,
          null,
          h(Text, { color: "cyan" }, "█".repeat(filled)),
          h(Text, { dimColor: true }, "░".repeat(barWidth - filled)),
          ` ${String(Math.floor(fraction * 100)).padStart(3)}%  `,
        ),
    h(Text, { bold: true }, `${count(state.inputs)} done`),
    h(Text, null, ` · ${count(rate)}/s`),
    h(Text, { color: failed > 0 ? "red" : undefined, dimColor: failed === 0 }, ` · ${count(failed)} failed`),
    unknown > 0 ? h(Text, { color: "yellow" }, ` · ${count(unknown)} unknown`) : null,
    invalid > 0 ? h(Text, { color: "yellow" }, ` · ${count(invalid)} invalid`) : null,
    h(Text, { dimColor: true }, ` · ${elapsedText(elapsed)}`),
  );
}

// Redraws per second; the rate and elapsed time move even while no slice completes.
const redrawMs = 100;

/**
 * STYLE "CLI": the Ink progress line on stderr. Ink gets a stdin of its own so it never touches the
 * input (`sleuth batch -` reads stdin) and Ctrl-C stays a signal the batch handles.
 */
export function startProgress(
  streams: { stdout: OutputStream; stderr: OutputStream },
  state: BatchProgressState,
): ProgressDisplay {
  const view = () => h(BatchProgress, { state, now: Date.now() });
  const instance = render(view(), {
    stdout: streams.stderr,
    stderr: streams.stderr,
    stdin: new PassThrough(),
    exitOnCtrlC: false,
    patchConsole: false,
    interactive: true,
  });
  const timer = setInterval(() => instance.rerender(view()), redrawMs);
  timer.unref();
  const sharedTerminal = Boolean(streams.stdout.isTTY);
  return {
    async writeData(write) {
      if (!sharedTerminal) return write();
      // Same terminal: take the line away, print the rows, draw it again below them.
      instance.clear();
      await write();
      instance.rerender(view());
    },
    async stop() {
      clearInterval(timer);
      // An empty frame erases the line (a pending redraw cannot bring it back), then Ink lets go.
      instance.rerender(null);
      await instance.waitUntilRenderFlush();
      instance.clear();
      instance.unmount();
      await instance.waitUntilExit().catch(() => {});
      instance.cleanup();
    },
  };
}
