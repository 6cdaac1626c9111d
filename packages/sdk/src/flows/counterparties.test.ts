import { describe, expect, test } from "vitest";
import { type CounterpartyRow, counterpartyRowName, counterpartyTotalText } from "./counterparties.ts";

const row = (fields: Partial<CounterpartyRow>): CounterpartyRow => ({
  counterpartyUrn: "urn:sleuth:address:ethereum:0x00000000000000000000000000000000000000aa",
  counterpartyType: "address",
  name: null,
  entityUrn: null,
  addressChainUrn: "urn:sleuth:address:ethereum:0x00000000000000000000000000000000000000aa",
  chain: "ethereum",
  category: null,
  categoryRiskScoreLevel: 0,
  riskScoreLevel: 1,
  incomingVolumeUsd: null,
  outgoingVolumeUsd: 1234.5,
  totalVolumeUsd: 1234.5,
  incomingTransfers: 0,
  outgoingTransfers: 4,
  totalTransfers: 4,
  firstTransferAt: "2017-03-06T00:00:00.000Z",
  lastTransferAt: "2017-03-06T00:00:00.000Z",
  ...fields,
});

describe("issue 43 counterparty totals", () => {
  test("issue 43 a partly priced total is a lower bound; a wholly unpriced one reads no price, never $0.00", () => {
    expect(counterpartyTotalText(row({ unpricedTransfers: 1 }))).toBe(
      "at least $1,234.50; 1 of 4 transfers have no USD price",
    );
    expect(counterpartyTotalText(row({ unpricedTransfers: 0 }))).toBe("$1,234.50");
    expect(counterpartyTotalText(row({ totalVolumeUsd: null, unpricedTransfers: 4 }))).toBe("no price");
  });

  test("issue 39 an address counterparty is named by its label, an entity by its name", () => {
    expect(counterpartyRowName(row({ label: { label: "Poloniex 4", source: "labels.csv" } }))).toEqual({
      name: "Poloniex 4",
      kind: "label",
      source: "labels.csv",
    });
    expect(counterpartyRowName(row({ counterpartyType: "entity", name: "Binance" }))?.kind).toBe("entity");
  });
});
