import { expect, test } from "vitest";
import { customEntityUrn } from "../chains/urn.ts";
import { customEntityCreateErrorMessage, customEntitySchema } from "./customEntity.ts";

test("000 §8 the server's message is preferred when present", () => {
  expect(customEntityCreateErrorMessage("A custom entity with this name already exists")).toBe(
    "A custom entity with this name already exists",
  );
  expect(customEntityCreateErrorMessage(undefined)).toBe(
    "Sorry, we could not create a new custom entity at this time. Please try again later.",
  );
  expect(customEntityCreateErrorMessage("  ")).toBe(
    "Sorry, we could not create a new custom entity at this time. Please try again later.",
  );
});

test("000 §3 a custom entity carries its unsupported reason", () => {
  const uuid = "5f1d3a52-8a3e-4c55-b6f4-5d1f0f2f9b11";
  const entity = {
    uuid,
    urn: customEntityUrn(uuid),
    name: "Suspect wallets",
    resources: [],
    isNotSupported: true,
    unsupportedReason: "UNSUPPORTED_CHAIN",
    addressCount: 0,
    firstActiveDate: null,
    lastActiveDate: null,
  };
  expect(customEntitySchema.parse(entity)).toEqual(entity);
  expect(customEntitySchema.safeParse({ ...entity, unsupportedReason: "TOO_BIG" }).success).toBe(false);
});
