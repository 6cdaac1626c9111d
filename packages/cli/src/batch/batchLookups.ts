import {
  addressRiskInfoSchema,
  attributionTagSchema,
  type BulkResult,
  bulkBatchSizes,
  entityRiskScoreSchema,
  metricsSummarySchema,
  parseUrn,
  type SleuthClient,
  transactionLookupMaxHashes,
} from "@sleuth/sdk";
import { z } from "zod";
import type { BatchDetails, BatchLookup, LookupAnswer } from "./batchResolve.ts";
import type { SliceLimits } from "./batchSlices.ts";

/**
 * How many URNs of each kind one slice holds: the 000 §9 bulk batch sizes for entities (20) and
 * custom entities (100), the transaction lookup's limit (100), and for IPs, which have no bulk call
 * and are looked up one request each, 20 (our choice). Addresses: three batches of 900 (the SDK
 * sends each bulk call in 000 §9 batches). Metrics is asked about every candidate, and risk and
 * attribution only about the ones it knows: a pasted 0x-address is a candidate on each searched EVM
 * chain and mostly known on one, so about two thirds of a pasted list's candidates are known. Every
 * request costs both processes a fixed amount of CPU whatever its size, so the slice is sized for
 * full requests: 2,700 candidates give 3 metrics requests and about 1,750 known URNs, 2 requests each
 * for risk and attribution, where a smaller slice leaves part-filled risk and attribution batches
 * that cost as much as full ones. A list of URNs, all known, sends full batches either way.
 */
export const batchSliceLimits: SliceLimits = {
  address: 3 * bulkBatchSizes.addresses,
  entity: bulkBatchSizes.entities,
  "custom-entity": bulkBatchSizes.customEntities,
  transaction: transactionLookupMaxHashes,
  inet: 20,
};

/**
 * Slices in flight at once (`sleuth batch --concurrency`'s default). The CLI and the server share
 * the work of a batch: with fewer slices each side is often left waiting on the other, and more only
 * hold more in memory (each slice in flight holds its inputs and answers). The batch benchmark
 * (docs/PERFORMANCE.md, "Batch") is how to check a change of it.
 */
export const batchConcurrency = 4;

// Requests of a one-at-a-time lookup sent at the same time within a slice.
const perItemConcurrency = 4;

function answerOf<Item>(
  result: BulkResult<Item>,
  urnOf: (item: Item) => string,
  detailsOf: (item: Item) => BatchDetails,
): LookupAnswer {
  const found = new Map<string, BatchDetails>();
  for (const item of result.data) found.set(urnOf(item), detailsOf(item));
  return {
    found,
    failed: result.failures.map((failure) => ({ urns: failure.items, error: failure.error })),
  };
}

// What a row reads of each answer item: the SDK checks and keeps only these fields (see the SDK's
// BulkCallOptions.select), not the asset counts, risk indicators and tag sources a row never shows.
const metricsFields = metricsSummarySchema.pick({
  balanceAmountUsd: true,
  totalVolumeUsd: true,
  firstActiveDate: true,
  lastActiveDate: true,
});
const addressRiskFields = addressRiskInfoSchema.pick({ riskScore: true });
const entityRiskFields = entityRiskScoreSchema.pick({ riskScore: true });
const tagFields = attributionTagSchema.pick({ entity: true, entityUrn: true, category: true });
const attributionFields = z.object({ tags: z.array(tagFields) });

/** 000 §3 metrics summary fields a row shows. */
function metricsDetails(metrics: z.infer<typeof metricsFields>): BatchDetails {
  return {
    balanceAmountUsd: metrics.balanceAmountUsd ?? null,
    totalVolumeUsd: metrics.totalVolumeUsd ?? null,
    firstActiveDate: metrics.firstActiveDate,
    lastActiveDate: metrics.lastActiveDate,
  };
}

// The row's figures need the volume and balance parts, not the asset counts.
const metricsInclude = { includeAssetCount: false, includeVolumeMetrics: true, includeBalanceMetrics: true };

/**
 * The attribution a row shows: the tag naming `self` when there is one (an entity's own tag),
 * else the first tag, which the server lists first because it is the owner.
 */
function attributionDetails(tags: readonly z.infer<typeof tagFields>[], self?: string): BatchDetails {
  const tag = tags.find((candidate) => candidate.entityUrn === self) ?? tags[0];
  return tag ? { entity: tag.entity, category: tag.category } : {};
}

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A lookup with no bulk call (IPs, custom entity names): one request per URN, a few at a time. A
 * URN the answer does not name is unknown; a failed request fails that URN only.
 */
function perItem(
  name: string,
  kind: BatchLookup["kind"],
  fetch: (urn: string, signal: AbortSignal) => Promise<BatchDetails | null>,
): BatchLookup {
  return {
    name,
    kind,
    run: async (urns, signal) => {
      const answer: LookupAnswer = { found: new Map(), failed: [] };
      await eachLimited(urns, perItemConcurrency, async (urn) => {
        try {
          const details = await fetch(urn, signal);
          if (details) answer.found.set(urn, details);
        } catch (error) {
          signal.throwIfAborted();
          answer.failed.push({ urns: [urn], error });
        }
      });
      return answer;
    },
  };
}

/**
 * The SDK calls `sleuth batch` makes, per kind (000 §7 "Metrics and observations" and "Risk"). The
 * first of each kind tells which URNs the store knows (resolveSlice asks the others only about those).
 */
export function clientLookups(client: SleuthClient): BatchLookup[] {
  return [
    {
      name: "address metrics",
      kind: "address",
      run: async (urns, signal) =>
        answerOf(
          await client.metrics.addresses(urns, metricsInclude, { signal, select: metricsFields }),
          (item) => item.addressChainUrn,
          metricsDetails,
        ),
    },
    {
      name: "address risk",
      kind: "address",
      run: async (urns, signal) =>
        answerOf(
          await client.risk.addresses(urns, { signal, select: addressRiskFields }),
          (item) => item.addressChainUrn,
          (item) => ({ categoryRiskScoreLevel: item.riskScore }),
        ),
    },
    {
      name: "address attribution",
      kind: "address",
      run: async (urns, signal) =>
        answerOf(
          await client.attribution.addresses(urns, { signal, select: attributionFields }),
          (item) => item.addressChainUrn,
          (item) => attributionDetails(item.tags),
        ),
    },
    {
      name: "entity metrics",
      kind: "entity",
      run: async (urns, signal) =>
        answerOf(
          await client.metrics.entities(urns, metricsInclude, { signal, select: metricsFields }),
          (item) => item.entityUrn,
          metricsDetails,
        ),
    },
    {
      name: "entity risk",
      kind: "entity",
      run: async (urns, signal) =>
        answerOf(
          await client.risk.entities(urns, { signal, select: entityRiskFields }),
          (item) => item.entityUrn,
          (item) => ({ categoryRiskScoreLevel: item.riskScore }),
        ),
    },
    {
      name: "entity attribution",
      kind: "entity",
      run: async (urns, signal) =>
        answerOf(
          await client.attribution.entities(urns, { signal, select: attributionFields }),
          (item) => item.entityUrn,
          (item) => attributionDetails(item.tags, item.entityUrn),
        ),
    },
    {
      name: "custom entity metrics",
      kind: "custom-entity",
      run: async (urns, signal) =>
        answerOf(
          await client.metrics.customEntities(urns, metricsInclude, { signal, select: metricsFields }),
          (item) => item.customEntityUrn,
          metricsDetails,
        ),
    },
    {
      name: "transaction lookup",
      kind: "transaction",
      run: async (urns, signal) =>
        answerOf(
          await client.search.transactionsInBatches(urns, { exclude_transfers: true }, { signal }),
          (item) => item.transactionUrn,
          // A transaction is active once: at its block's time.
          (item) => ({
            totalVolumeUsd: item.value_usd,
            firstActiveDate: item.block_timestamp,
            lastActiveDate: item.block_timestamp,
          }),
        ),
    },
    perItem("custom entity name", "custom-entity", async (urn, signal) => {
      // The bulk calls carry no name; autocomplete finds a custom entity by its URN (000 §3 name).
      const { hits } = await client.search.autocomplete(
        { query: urn, attributionType: "custom_entity", limit: 1 },
        { signal },
      );
      const hit = hits.find((candidate) => candidate.entityUrn === urn);
      return hit ? { entity: hit.name } : null;
    }),
    perItem("IP lookup", "inet", async (urn, signal) => {
      const parts = parseUrn(urn);
      const ip = parts?.kind === "inet" ? parts.ip : urn;
      const { hits } = await client.search.autocomplete(
        { query: ip, attributionType: "inet", limit: 1 },
        { signal },
      );
      const hit = hits.find((candidate) => candidate.entityUrn === urn);
      return hit ? { firstActiveDate: hit.firstObservation, lastActiveDate: hit.lastObservation } : null;
    }),
  ];
}
