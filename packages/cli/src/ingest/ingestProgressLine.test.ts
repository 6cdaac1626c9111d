import type { IngestStatus } from "@sleuth/sdk";
import { render } from "ink-testing-library";
import React from "react";
import { afterEach, expect, test } from "vitest";
import { IngestProgress } from "./ingestProgressLine.ts";

const h = React.createElement;
const rendered: { unmount: () => void }[] = [];
afterEach(() => {
  for (const instance of rendered.splice(0)) instance.unmount();
});

function frame(status: IngestStatus | null): string {
  const instance = render(h(IngestProgress, { status }));
  rendered.push(instance);
  return instance.lastFrame() ?? "";
}

const following: IngestStatus = {
  chain: "ethereum",
  state: "following",
  rpcUrl: "http://127.0.0.1:8545/",
  from: "0",
  to: null,
  confirmations: 12,
  head: "1200",
  checkpoint: "1000",
  checkpointHash: `0x${"ab".repeat(32)}`,
  behind: "200",
  blocksPerSecond: 12.5,
  transfersPerSecond: 6_500,
  blocksIngested: 1_000,
  transfersIngested: 520_000,
  reorgs: 0,
  lastError: null,
  lastErrorAt: null,
};

test("issue 46 the terminal line shows the block, how far behind the head, and the rates", () => {
  const text = frame(following);
  expect(text).toContain("⟳");
  expect(text).toContain("block 1,000");
  expect(text).toContain("200 behind");
  expect(text).toContain("blocks/s");
  expect(text).toContain("transfers/s");
  expect(text).not.toContain("retrying");
});

test("issue 46 a node that fails shows the error the follower retries on, and a finished range a tick", () => {
  expect(frame({ ...following, lastError: "connect ECONNREFUSED 127.0.0.1:8545" })).toContain(
    "retrying: connect ECONNREFUSED 127.0.0.1:8545",
  );
  expect(frame({ ...following, state: "done", head: "1000", behind: "0" })).toContain("✔");
  expect(frame(null)).toContain("starting the follower");
});
