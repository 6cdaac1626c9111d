import { expect, test } from "vitest";
import { addressChainUrn, assetUrn, entityUrn, transactionUrn } from "../chains/urn.ts";
import {
  categoryAddressRowSchema,
  categoryTransferRowSchema,
  missingCounterpartyText,
  transferRowSchema,
} from "./schemas.ts";

const hash = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
const address = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";

const row = {
  transactionTimestamp: "2024-01-01T00:00:00Z",
  transactionUrn: transactionUrn("bitcoin", hash),
  to: address,
  counterpartyEntities: [{ entity: "Acme", entityUrn: entityUrn("acme") }],
  counterpartyAddressChainUrns: [addressChainUrn("bitcoin", address)],
  counterpartyCategories: [{ category: "Exchange" }],
  chain: "bitcoin",
  direction: "outgoing",
  relevantAmountRaw: "-0.5",
  relevantAmountUsd: -21000,
  runningBalanceRaw: "1.25",
  assetUrn: assetUrn("bitcoin", "native"),
  asset: "BTC",
};

test("001 §3 Transfer row: relevantAmountRaw is negated for outgoing", () => {
  expect(transferRowSchema.parse(row)).toEqual(row);
  expect(transferRowSchema.safeParse({ ...row, relevantAmountRaw: "0.5" }).success).toBe(false);
  expect(
    transferRowSchema.safeParse({ ...row, direction: "incoming", relevantAmountRaw: "0.5" }).success,
  ).toBe(true);
  expect(transferRowSchema.safeParse({ ...row, transactionUrn: hash }).success).toBe(false);
});

test("001 §3 Category transfer row and Category address row", () => {
  expect(
    categoryTransferRowSchema.safeParse({
      txTimestamp: "2024-01-01T00:00:00Z",
      txHash: hash,
      counterpartyEntities: [],
      chain: "bitcoin",
      asset: "BTC",
      totalAmountRaw: 2,
      totalAmountUsd: 80000,
      relevantAmountRaw: 1,
      relevantAmountUsd: 40000,
    }).success,
  ).toBe(true);
  const addressRow = {
    addressLabelsMini: ["Acme hot wallet"],
    addressChainUrn: addressChainUrn("bitcoin", address),
    chain: "bitcoin",
    totalVolumeUsd: 10,
    incomingVolumeUsd: 6,
    outgoingVolumeUsd: 4,
    balanceAmountUsd: 2,
    nativeAssetBalanceAmountRaw: 0.0001,
    uniqueAssetActiveCount: 1,
    uniqueAssetAllCount: 1,
    firstActiveDate: "2020-01-01T00:00:00Z",
    lastActiveDate: null,
  };
  expect(categoryAddressRowSchema.parse(addressRow)).toEqual(addressRow);
  expect(categoryAddressRowSchema.safeParse({ ...addressRow, uniqueAssetAllCount: -1 }).success).toBe(false);
});

test("issue 39 a row with no counterparty says minted, unknown sender or burnt, never minted for all", () => {
  expect(missingCounterpartyText({ direction: "incoming" })).toBe("None (minted)");
  expect(missingCounterpartyText({ direction: "incoming", senderUnknown: true })).toBe("Unknown sender");
  expect(missingCounterpartyText({ direction: "outgoing" })).toBe("None (burnt)");
});
