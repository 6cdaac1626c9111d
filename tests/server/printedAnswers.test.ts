import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import type { Store } from "@sleuth/server";
import {
  addressRiskSummaryOf,
  addressSummaryParts,
  addressTagsOf,
  attributionItemJson,
  metricsItemJson,
  parseSummaryAnswers,
  riskItemJson,
  type SummaryRow,
  summaryRowOf,
  summaryValuesSql,
} from "@sleuth/server";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestStore } from "../helpers/server.ts";

let store: Store;
let dispose: () => Promise<void>;
let rows: { chain: ChainId; address: string; row: SummaryRow; answers: string }[];

beforeAll(async () => {
  ({ store, dispose } = await openTestStore("pglite", { world: "small" }));
  // The riskiest, the most tagged and a plain address: every kind of answer.
  const found = await store.query<{ chain: ChainId; address: string; values: string; answers: string }>(
    `(SELECT chain, address, ${summaryValuesSql("address_summary")} AS values, answers
      FROM address_summary ORDER BY risk_score DESC, address_id LIMIT 3)
     UNION ALL
     (SELECT chain, address, ${summaryValuesSql("address_summary")}, answers
      FROM address_summary ORDER BY json_array_length(coalesce(tags, '[]'::json)) DESC, address_id LIMIT 3)
     UNION ALL
     (SELECT chain, address, ${summaryValuesSql("address_summary")}, answers
      FROM address_summary WHERE tags IS NULL AND risk_indicators IS NULL ORDER BY address_id LIMIT 3)`,
  );
  rows = found.map(({ chain, address, values, answers }) => ({
    chain,
    address,
    row: summaryRowOf(JSON.parse(values) as unknown[]),
    answers,
  }));
});

afterAll(async () => {
  await dispose?.();
});

const flagSets = [false, true].flatMap((includeAssetCount) =>
  [false, true].flatMap((includeVolumeMetrics) =>
    [false, true].map((includeBalanceMetrics) => ({
      includeAssetCount,
      includeVolumeMetrics,
      includeBalanceMetrics,
    })),
  ),
);

test("000 §7 an address metrics item joined from printed answers holds exactly the parts each include flag asks for", () => {
  expect(rows.length).toBe(9);
  for (const { chain, address, row, answers } of rows) {
    const urn = addressChainUrn(chain, address);
    const parts = addressSummaryParts(row);
    for (const flags of flagSets) {
      expect(JSON.parse(metricsItemJson(urn, parseSummaryAnswers(answers), flags))).toEqual({
        addressChainUrn: urn,
        ...parts.base,
        ...(flags.includeBalanceMetrics ? parts.balance : {}),
        ...(flags.includeAssetCount ? parts.assets : {}),
        ...(flags.includeVolumeMetrics ? parts.volume : {}),
      });
    }
  }
});

test("000 §7 address risk mini-info and 002 §7 attribution items joined from printed answers are the address's own", () => {
  const risky = rows.filter(({ row }) => row.risk_indicators !== null);
  const tagged = rows.filter(({ row }) => addressTagsOf(row).length > 0);
  expect(risky.length).toBeGreaterThan(0);
  expect(tagged.length).toBeGreaterThan(0);
  for (const { chain, address, row, answers } of rows) {
    const urn = addressChainUrn(chain, address);
    const printed = parseSummaryAnswers(answers);
    expect(JSON.parse(riskItemJson(urn, printed))).toEqual({
      addressChainUrn: urn,
      ...addressRiskSummaryOf(row.risk_indicators),
    });
    expect(JSON.parse(attributionItemJson(urn, printed))).toEqual({
      addressChainUrn: urn,
      tags: addressTagsOf(row),
    });
  }
});
