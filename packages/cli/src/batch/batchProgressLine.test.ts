import { render } from "ink-testing-library";
import React from "react";
import { afterEach, expect, test } from "vitest";
import type { BatchProgressState } from "./batchProgress.ts";
import { BatchProgress } from "./batchProgressLine.ts";

const h = React.createElement;
const rendered: { unmount: () => void }[] = [];
afterEach(() => {
  for (const instance of rendered.splice(0)) instance.unmount();
});

function frame(state: BatchProgressState, now: number): string {
  const instance = render(h(BatchProgress, { state, now }));
  rendered.push(instance);
  return instance.lastFrame() ?? "";
}

const base: BatchProgressState = {
  inputs: 50_000,
  counts: { resolved: 49_000, unknown: 700, invalid: 297, failed: 3 },
  bytesRead: 2_500_000,
  inputsRead: 50_000,
  totalBytes: 5_000_000,
  startedAt: 0,
};

test("the progress line shows the share of the file read, inputs done, rate and what did not resolve", () => {
  const text = frame(base, 2000);
  expect(text).toContain("50%");
  expect(text).toContain("█".repeat(12));
  expect(text).toContain("50,000 done");
  expect(text).toContain("25,000/s");
  expect(text).toContain("3 failed");
  expect(text).toContain("700 unknown");
  expect(text).toContain("297 invalid");
  expect(text).toContain("2.0 s");
});

test("the bar counts what is written, not what was read ahead of it", () => {
  expect(frame({ ...base, inputsRead: 100_000 }, 2000)).toContain("25%");
});

test("reading a pipe (size unknown) shows no bar, and no unknown or invalid counts while there are none", () => {
  const text = frame(
    { ...base, totalBytes: null, counts: { resolved: 10, unknown: 0, invalid: 0, failed: 0 }, inputs: 10 },
    65_000,
  );
  expect(text).not.toContain("%");
  expect(text).not.toContain("unknown");
  expect(text).not.toContain("invalid");
  expect(text).toContain("0 failed");
  expect(text).toContain("1:05");
});
