import { describe, expect, test } from "vitest";
import { readSearchInput } from "./searchInput.ts";
import { searchSectionsFor } from "./searchSectionPlan.ts";

const all = { customEntitySearch: true, ipSearchAllowed: true };
const sectionsOf = (text: string, options = all) => {
  const input = readSearchInput(text);
  return searchSectionsFor(text, input.type === "query" ? input.identifiers : [], options);
};

describe("which sections a query searches (002 §4, 000 §5)", () => {
  test("002 §4 a one-word name searches entities, custom entities and addresses, in the spec's order", () => {
    expect(sectionsOf("binance")).toEqual(["entities", "customEntities", "addresses"]);
  });

  test("002 §4 only letters, digits and colons may begin an address; hex digits, dots and colons an IP", () => {
    expect(sectionsOf("birch markets")).toEqual(["entities", "customEntities"]);
    expect(sectionsOf("o'brien")).toEqual(["entities", "customEntities"]);
    expect(sectionsOf("203.0.113.")).toEqual(["entities", "customEntities", "ips"]);
    expect(sectionsOf("2001:db8:")).toEqual(["entities", "customEntities", "addresses", "ips"]);
    expect(sectionsOf("bitcoincash:qq")).toEqual(["entities", "customEntities", "addresses"]);
    expect(sectionsOf("1Boat%")).toEqual(["entities", "customEntities", "addresses"]);
  });

  test("000 §5 a recognised address, hash or IP searches its own section only", () => {
    expect(sectionsOf("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).toEqual(["addresses"]);
    expect(sectionsOf(`0x${"ab".repeat(32)}`)).toEqual(["transactions"]);
    expect(sectionsOf("203.0.113.7")).toEqual(["ips"]);
  });

  test("002 §6 custom entities need their flag and IPs the IP search rule", () => {
    expect(sectionsOf("10ab", { customEntitySearch: false, ipSearchAllowed: false })).toEqual([
      "entities",
      "addresses",
    ]);
    expect(sectionsOf("203.0.113.7", { customEntitySearch: true, ipSearchAllowed: false })).toEqual([]);
  });
});
