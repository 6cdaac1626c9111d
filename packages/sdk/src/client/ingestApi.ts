import { type IngestStatus, ingestStatusSchema, type StartIngestBody } from "../ingest/ingestRecords.ts";
import type { HttpCore } from "./httpCore.ts";

/** Issue 46 (docs/API.md "Chain ingest"): the server's Ethereum follower; admins of the organization. */
export function ingestApi(core: HttpCore) {
  return {
    /** GET /v1/ingest/ethereum: the follower's state, head, checkpoint and rates. */
    status: async (options: { signal?: AbortSignal } = {}): Promise<IngestStatus> =>
      (
        await core.request("GET", "/v1/ingest/ethereum", {
          schema: ingestStatusSchema,
          signal: options.signal,
        })
      ).data,
    /** POST /v1/ingest/ethereum: follow the node (a range with `to`, else for as long as it runs). */
    start: async (body: StartIngestBody): Promise<IngestStatus> =>
      (await core.request("POST", "/v1/ingest/ethereum", { body, schema: ingestStatusSchema })).data,
    /** POST /v1/ingest/ethereum/stop: stops after the batch in hand (its rows commit whole or not at all). */
    stop: async (): Promise<IngestStatus> =>
      (await core.request("POST", "/v1/ingest/ethereum/stop", { schema: ingestStatusSchema })).data,
  };
}
