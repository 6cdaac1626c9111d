import { expect, test } from "vitest";
import { entityUrn } from "../chains/urn.ts";
import type { AttributionTag } from "./attributionTag.ts";
import { walletClusterEntityUrn } from "./walletCluster.ts";

const owner: AttributionTag = {
  category: "Exchange",
  categoryId: 1,
  entity: "Binance",
  entityUrn: entityUrn("binance"),
  tagType: "ordinary",
};
const signature: AttributionTag = {
  category: "Scam",
  categoryId: 8,
  entity: null,
  entityUrn: null,
  tagType: "behavioral_signature",
  signatureId: "sig-1",
  signatureName: "Fan-out",
};

test("000 §6 wallet-cluster tags: the owner's cluster while the flag is on, none while it is off", () => {
  expect(walletClusterEntityUrn([signature, owner], true)).toBe(entityUrn("binance"));
  expect(walletClusterEntityUrn([signature, owner], false)).toBeNull();
  expect(walletClusterEntityUrn([signature], true)).toBeNull();
  expect(walletClusterEntityUrn([], true)).toBeNull();
});
