import { describe, expect, test } from "vitest";
import { entityUrn } from "../chains/urn.ts";
import { triageMessages } from "./triageMessages.ts";
import {
  lawEnforcementSuggestionSchema,
  lawEnforcementSuggestionView,
  type PropertyGroup,
  triageAddressPropertiesSchema,
  triageAddressProperty,
  triagePropertyCards,
} from "./triageProperties.ts";

describe("002 §3 property groups", () => {
  test("002 §3 v2_beacon_network_contact is hidden", () => {
    const groups: PropertyGroup[] = [
      {
        displayName: "Contacts",
        internalName: "contacts",
        properties: [
          { internal_name: "v2_beacon_network_contact", name: "Beacon", value: "beacon@vasp.io" },
          { internal_name: "support_email", name: "Support", value: "help@vasp.io" },
        ],
      },
      { displayName: "Beacon", internalName: "v2_beacon_network_contact", properties: [] },
    ];
    const cards = triagePropertyCards(groups);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.group.properties.map((property) => property.internal_name)).toEqual(["support_email"]);
  });

  test("002 §3 law_enforcement_contact and kyc_controls/v2_kyc_level get their own cards", () => {
    const cards = triagePropertyCards([
      { displayName: "Law enforcement", internalName: "law_enforcement_contact", properties: [] },
      {
        displayName: "KYC",
        internalName: "kyc_controls",
        properties: [{ internal_name: "v2_kyc_level", name: "KYC level", value: 2 }],
      },
      { displayName: "Empty", internalName: "other", properties: [] },
    ]);
    expect(cards.map((card) => card.kind)).toEqual(["lawEnforcementContact", "kyc"]);
    expect(cards[1]?.kind === "kyc" && cards[1].level).toEqual({ level: 2, label: "moderate" });
  });

  test("002 §3 triage address properties are read by internal name", () => {
    const properties = triageAddressPropertiesSchema.parse([
      { internal_name: "balance", name: "Balance", value: 12.5 },
      { internal_name: "first_active", name: "First active", value: "2020-01-01" },
    ]);
    expect(triageAddressProperty(properties, "balance")).toBe(12.5);
    expect(triageAddressProperty(properties, "last_active")).toBeNull();
  });
});

describe("002 §5 law-enforcement suggestion", () => {
  test("002 §5 law-enforcement suggestion needs comments", () => {
    const result = lawEnforcementSuggestionSchema.safeParse({
      comments: "  ",
      entityUrn: entityUrn("binance"),
    });
    expect(result.error?.issues[0]?.message).toBe(
      "To help us expedite your suggestion, please let us know exactly what you’re looking for.",
    );
    expect(
      lawEnforcementSuggestionSchema.parse({ comments: "New LE desk", entityUrn: entityUrn("binance") })
        .comments,
    ).toBe("New LE desk");
  });

  test("002 §4 once a suggestion date is stored the form shows a thank-you", () => {
    expect(lawEnforcementSuggestionView(null)).toBe("form");
    expect(lawEnforcementSuggestionView("garbage")).toBe("form");
    expect(lawEnforcementSuggestionView(JSON.stringify({ suggestedAt: "2024-03-05T13:07:09Z" }))).toBe(
      "thanks",
    );
  });

  test("002 §8 triage messages are the spec's words", () => {
    expect(triageMessages).toMatchObject({
      addressPropertiesFailed: "Failed to fetch address properties. Please try again later.",
      contactUpdateFailed: "There was an issue making your contact update suggestion. Please try again.",
      copyFailed: "unable to copy",
    });
  });
});
