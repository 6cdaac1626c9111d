import { describe, expect, test } from "vitest";
import { ipSearchRefusalOf } from "./ipSearchRefusal.ts";
import { searchMessages } from "./searchMessages.ts";

describe("002 §6/§8 IP search refusal", () => {
  test("002 §8 a 403 with the rule's texts gives them back in order", () => {
    const messages = [searchMessages.ipsNotInTriage, searchMessages.forensicsLicenseForIps];
    expect(ipSearchRefusalOf({ status: 403, details: { messages } })).toEqual(messages);
  });

  test("002 §8 any other failure is not a refusal", () => {
    expect(ipSearchRefusalOf({ status: 500, details: { messages: ["x"] } })).toBeNull();
    expect(ipSearchRefusalOf({ status: 403, details: {} })).toBeNull();
    expect(ipSearchRefusalOf(new Error("offline"))).toBeNull();
    expect(ipSearchRefusalOf(null)).toBeNull();
  });
});
