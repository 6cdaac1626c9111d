// Issue 46: waiting on the server's Ethereum follower as a client sees it (GET /v1/ingest/ethereum).
import type { IngestStatus, SleuthClient } from "@sleuth/sdk";
import type { Anvil } from "./anvil.ts";

/** Polls the follower's status until `done`; a failed batch (lastError) fails the wait. */
export async function followerStatusUntil(
  client: SleuthClient,
  done: (status: IngestStatus) => boolean,
): Promise<IngestStatus> {
  for (;;) {
    const status = await client.ingest.status();
    if (done(status)) return status;
    if (status.lastError) throw new Error(`follower: ${status.lastError}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The node's latest block number. */
export async function nodeHead(anvil: Anvil): Promise<number> {
  return Number(await anvil.rpc<string>("eth_blockNumber"));
}

/** A block number as the status spells it, compared as a number (null: no block yet). */
export const blockOf = (value: string | null): number => (value === null ? -1 : Number(value));
