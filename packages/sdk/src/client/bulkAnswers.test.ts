import { describe, expect, test } from "vitest";
import { z } from "zod";
import { attributionTagSchema } from "../attribution/attributionTag.ts";
import { encodeAddress } from "../chains/address.ts";
import { addressChainUrn } from "../chains/urn.ts";
import { addressRiskInfoSchema } from "../risk/riskInfo.ts";
import { echoIssues } from "./bulkAnswers.ts";
import { ApiError } from "./errors.ts";
import { HttpCore } from "./httpCore.ts";
import { metricsApi, riskApi } from "./metricsApi.ts";
import { attributionApi } from "./searchApi.ts";
import type { Transport, TransportRequest } from "./transport.ts";

const payload = (seed: number) => Uint8Array.from({ length: 20 }, (_, i) => (seed * 7 + i * 3) & 0xff);
const address = (seed: number) =>
  addressChainUrn("bitcoin", encodeAddress("bitcoin", "p2wpkh", payload(seed)));
const [first, second, third, stranger] = [1, 2, 3, 4].map(address) as [string, string, string, string];

const summary = (urn: string) => ({
  addressChainUrn: urn,
  addressCount: 1,
  firstActiveDate: "2024-01-02T00:00:00.000Z",
  lastActiveDate: "2025-06-01T00:00:00.000Z",
});

/** A server that answers every request with `data`, whatever it was asked. */
function answering(data: unknown[]): { core: HttpCore; sent: TransportRequest[] } {
  const sent: TransportRequest[] = [];
  const transport: Transport = {
    request: async (request) => {
      sent.push(request);
      return { status: 200, headers: {}, body: JSON.stringify({ success: true, data }) };
    },
  };
  return { core: new HttpCore({ baseUrl: "http://sleuth.test", transport }), sent };
}

describe("000 §7 bulk answers name only what was asked", () => {
  test("000 §7 an answer naming the URNs asked, some left out, resolves", async () => {
    const { core } = answering([summary(first), summary(third)]);
    const result = await metricsApi(core).addresses([first, second, third]);
    expect(result.success).toBe(true);
    expect(result.data.map((item) => item.addressChainUrn)).toEqual([first, third]);
  });

  test("000 §7 an answer in another order than the request still resolves", async () => {
    const { core } = answering([summary(third), summary(first), summary(second)]);
    const result = await metricsApi(core).addresses([first, second, third]);
    expect(result.success).toBe(true);
    expect(result.data).toHaveLength(3);
  });

  test("000 §7 an answer naming a valid URN the request did not ask about is rejected", async () => {
    const { core, sent } = answering([summary(first), summary(stranger)]);
    const result = await metricsApi(core).addresses([first, second]);
    expect(sent).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(result.data).toEqual([]);
    const error = result.failures[0]?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "invalid_response",
      details: [{ path: ["data", 1, "addressChainUrn"], message: "Not a URN the request asked about" }],
    });
  });

  test("000 §7 an answer naming something that is no URN is rejected", async () => {
    const { core } = answering([
      {
        addressChainUrn: first,
        riskScore: null,
        riskScoreLabel: null,
        riskScoreLevel: 0,
        riskIndicators: [],
      },
      {
        addressChainUrn: "0x00",
        riskScore: null,
        riskScoreLabel: null,
        riskScoreLevel: 0,
        riskIndicators: [],
      },
    ]);
    const result = await riskApi(core).addresses([first, second]);
    expect(result.success).toBe(false);
    expect(result.failures[0]?.error).toMatchObject({ code: "invalid_response" });
  });

  test("002 §7 address attribution answers are held to the URNs asked as well", async () => {
    const { core } = answering([{ addressChainUrn: stranger, tags: [] }]);
    const result = await attributionApi(core).addresses([first]);
    expect(result.success).toBe(false);
    expect(result.failures[0]?.error).toMatchObject({ code: "invalid_response" });
  });

  test("000 §7 the rest of each item is still checked against the answer schema", async () => {
    const { core } = answering([{ ...summary(first), firstActiveDate: "yesterday" }]);
    const result = await metricsApi(core).addresses([first]);
    expect(result.success).toBe(false);
    expect(result.failures[0]?.error).toMatchObject({ code: "invalid_response" });
  });
});

describe("000 §7 a bulk call's caller may select the fields it reads", () => {
  const riskItem = (urn: string) => ({
    addressChainUrn: urn,
    riskScore: 9,
    riskScoreLabel: "Medium",
    riskScoreLevel: 3,
    riskIndicators: [{ riskType: "counterparty", category: "Mixer", categoryRiskScoreLevel: 9 }],
  });

  test("000 §7 selected items hold the selected fields and the URN they echo, nothing else", async () => {
    const { core } = answering([riskItem(first), riskItem(third)]);
    const select = addressRiskInfoSchema.pick({ riskScore: true });
    const result = await riskApi(core).addresses([first, second, third], { select });
    expect(result.data).toEqual([
      { addressChainUrn: first, riskScore: 9 },
      { addressChainUrn: third, riskScore: 9 },
    ]);
    // Without a selection the same answer comes back whole.
    const whole = await riskApi(core).addresses([first, third]);
    expect(whole.data[0]).toEqual(riskItem(first));
  });

  test("000 §7 a selected field is still checked; one left out is not", async () => {
    const malformed = { ...riskItem(first), riskIndicators: "none" };
    const select = addressRiskInfoSchema.pick({ riskScore: true });
    const lenient = await riskApi(answering([malformed]).core).addresses([first], { select });
    expect(lenient.success).toBe(true);
    expect(lenient.data).toEqual([{ addressChainUrn: first, riskScore: 9 }]);

    const strict = await riskApi(answering([{ ...riskItem(first), riskScore: "high" }]).core).addresses(
      [first],
      { select },
    );
    expect(strict.success).toBe(false);
    expect(strict.failures[0]?.error).toMatchObject({ code: "invalid_response" });
  });

  test("002 §7 a selection reaches into attribution tags, and echoes are still held to the URNs asked", async () => {
    const tag = {
      category: "Exchange",
      categoryId: 8,
      entity: "Vale Coin Exchange",
      entityUrn: "urn:sleuth:entity:vale-coin-exchange",
      tagType: "ordinary",
      source: { evidence: { description: "Swept to a known hot wallet." } },
    };
    const select = z.object({ tags: z.array(attributionTagSchema.pick({ entity: true, category: true })) });
    const { core } = answering([{ addressChainUrn: first, tags: [tag] }]);
    const result = await attributionApi(core).addresses([first], { select });
    expect(result.data).toEqual([
      { addressChainUrn: first, tags: [{ entity: "Vale Coin Exchange", category: "Exchange" }] },
    ]);
    const asked = await attributionApi(answering([{ addressChainUrn: stranger, tags: [] }]).core).addresses(
      [first],
      { select },
    );
    expect(asked.success).toBe(false);
  });
});

describe("echoIssues", () => {
  test("each item names a URN asked; repeats and other orders are fine, strangers are not", () => {
    const items = [{ urn: "b" }, { urn: "a" }, { urn: "b" }, { urn: "z" }, { urn: "c" }];
    expect(echoIssues(items, "urn", ["a", "b", "c"])).toEqual([
      { code: "custom", path: ["data", 3, "urn"], message: "Not a URN the request asked about" },
    ]);
  });
});
