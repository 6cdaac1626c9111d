import { describe, expect, test } from "vitest";
import {
  type IngestStatus,
  ingestProgressText,
  redactedRpcUrl,
  startIngestBodySchema,
} from "./ingestRecords.ts";

const status: IngestStatus = {
  chain: "ethereum",
  state: "following",
  rpcUrl: "https://node.example/",
  from: null,
  to: null,
  confirmations: 12,
  head: "19000012",
  checkpoint: "18998000",
  checkpointHash: "0xabc",
  behind: "2012",
  blocksPerSecond: 12.345,
  transfersPerSecond: 2345.6,
  blocksIngested: 100,
  transfersIngested: 20000,
  reorgs: 1,
  lastError: null,
  lastErrorAt: null,
};

describe("issue 46 follower progress and settings", () => {
  test("issue 46 the progress line names the block, the head it is behind and the rates", () => {
    expect(ingestProgressText(status)).toBe(
      "block 18,998,000 · head 19,000,012 (2,012 behind) · 12.3 blocks/s · 2,346 transfers/s · 1 reorganisation",
    );
    expect(ingestProgressText({ ...status, checkpoint: null, head: null, behind: null, reorgs: 0 })).toBe(
      "no block yet · 12.3 blocks/s · 2,346 transfers/s",
    );
  });

  test("issue 46 a node's address is shown without the credentials providers put in it", () => {
    expect(redactedRpcUrl("https://user:secret@node.example/v3/path?apikey=KEY")).toBe(
      "https://node.example/v3/path",
    );
  });

  test("issue 46 a range must not end before it starts; block numbers travel as text", () => {
    expect(
      startIngestBodySchema.safeParse({ rpcUrl: "http://127.0.0.1:8545", from: 10, to: 5 }).success,
    ).toBe(false);
    expect(startIngestBodySchema.parse({ rpcUrl: "http://127.0.0.1:8545", from: 5, to: "10" })).toEqual({
      rpcUrl: "http://127.0.0.1:8545",
      from: "5",
      to: "10",
      confirmations: 12,
    });
    expect(startIngestBodySchema.safeParse({ rpcUrl: "ftp://node.example" }).success).toBe(false);
  });
});
