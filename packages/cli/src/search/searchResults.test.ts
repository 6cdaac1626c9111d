import {
  type AddressHit,
  displayAddress,
  type EntityHit,
  encodeAddress,
  type InetHit,
  recognizeIdentifier,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { type SearchOutcome, sectionRuns, sizedSections } from "./searchResults.ts";
import { renderSearchTables } from "./searchTables.ts";

const entity = (index: number): EntityHit => ({
  entityUrn: `urn:sleuth:entity:party-${index}`,
  name: `Party ${index}`,
  entity: `party-${index}`,
  category: "Exchange",
  categoryId: 8,
  tags: [],
  totalVolume: 1000 * index,
  totalTransfers: 10,
  addresses: 3,
  match: "prefix",
});

const evm = encodeAddress(
  "ethereum",
  "evm",
  Uint8Array.from({ length: 20 }, (_, i) => i * 11),
).toLowerCase();
const addressHit: AddressHit = {
  addressChainUrn: `urn:sleuth:address:ethereum:${evm}`,
  address: evm,
  chain: "ethereum",
  transactions: 4,
  totalVolume: 12.5,
  isActive: true,
  relatedEntities: [],
  category: null,
  tags: [{ category: "Exchange", categoryId: 8, entity: "Party 1", entityUrn: "urn:sleuth:entity:party-1" }],
  multiple: true,
  seeMore: [
    {
      addressChainUrn: `urn:sleuth:address:bsc:${evm}`,
      address: evm,
      chain: "bsc",
      transactions: 1,
      totalVolume: 1,
      isActive: true,
      relatedEntities: [],
      category: null,
    },
  ],
  match: "exact",
};
const ip = (index: number): InetHit => ({
  entityUrn: `urn:sleuth:inet:192.0.2.${index}`,
  ip: `192.0.2.${index}`,
  numAssociatedAddresses: 2,
  totalObservations: 5,
  firstObservation: null,
  lastObservation: "2025-06-01T00:00:00.000Z",
  country: "PT",
  isp: null,
  isVpn: false,
  isTor: false,
  isProxy: false,
  isMalware: false,
  isSpyware: false,
  match: "prefix",
});

const outcome = (overrides: Partial<SearchOutcome>): SearchOutcome => ({
  transactions: { status: "skipped" },
  entities: { status: "success", items: [] },
  customEntities: { status: "success", items: [] },
  addresses: { status: "success", items: [] },
  ips: { status: "success", items: [] },
  ...overrides,
});

describe("002 §9 sleuth search shows the palette's section sizes", () => {
  test("the four sections share twenty rows, a short one leaving its place to the others; IPs at most five", () => {
    const sections = sizedSections(
      outcome({
        entities: { status: "success", items: Array.from({ length: 30 }, (_, i) => entity(i)) },
        addresses: { status: "success", items: [addressHit, addressHit] },
        ips: { status: "success", items: Array.from({ length: 9 }, (_, i) => ip(i)) },
      }),
    );
    expect(sections.entities).toHaveLength(18);
    expect(sections.addresses).toHaveLength(2);
    expect(sections.ips).toHaveLength(5);
    expect(sections.entities[0]?.name).toBe("Party 0");
  });

  test("a failed section is empty and the others keep their rows", () => {
    const sections = sizedSections(
      outcome({
        entities: { status: "error", error: new Error("x") },
        ips: { status: "success", items: [ip(1)] },
      }),
    );
    expect(sections.entities).toEqual([]);
    expect(sections.ips).toHaveLength(1);
  });
});

describe("which sections run", () => {
  const flags = { ipSearch: true, customEntitySearch: true };
  test("001 §7 the transaction lookup runs only for a hash", () => {
    const hash = "ab".repeat(32);
    expect(sectionRuns("transactions", hash, recognizeIdentifier(hash), flags)).toBe(true);
    expect(sectionRuns("transactions", "binance", recognizeIdentifier("binance"), flags)).toBe(false);
  });

  test("002 §6 IPs and custom entities follow their feature flags", () => {
    expect(sectionRuns("ips", "10.0", [], { ...flags, ipSearch: false })).toBe(false);
    expect(sectionRuns("customEntities", "case", [], { ...flags, customEntitySearch: false })).toBe(false);
    expect(sectionRuns("entities", "binance", [], { ipSearch: false, customEntitySearch: false })).toBe(true);
  });
});

test("002 §4 / §9 the terminal table: sections in order with their counts, identifiers shortened, URNs whole", () => {
  const text = renderSearchTables(
    sizedSections(
      outcome({
        entities: { status: "success", items: [entity(1)] },
        addresses: { status: "success", items: [addressHit] },
        ips: { status: "success", items: [ip(7)] },
      }),
    ),
    undefined,
  );
  const headings = text.split("\n").filter((line) => /^[A-Z][A-Za-z ]* \(\d+\)$/.test(line));
  expect(headings).toEqual(["Entities (1)", "Addresses (1)", "IPs (1)"]);
  // 002 §9: an address title keeps its first and last ten characters (EIP-55 display form).
  const title = truncateSearchTitle(displayAddress("ethereum", evm), "address");
  expect(title).toMatch(/^0x.{8}….{10}$/);
  expect(text).toContain(`${title}  Ethereum +1`);
  expect(text).toContain(addressHit.addressChainUrn);
  expect(text).toContain("$1,000.00");
});

test("on a narrow terminal the URN column is left out rather than cut, and amounts stay whole", () => {
  const sections = sizedSections(outcome({ addresses: { status: "success", items: [addressHit] } }));
  const text = renderSearchTables(sections, 80);
  expect(text).not.toContain("URN");
  expect(text).toContain("$12.50");
  for (const line of text.trimEnd().split("\n")) expect(line.length).toBeLessThanOrEqual(80);
});
