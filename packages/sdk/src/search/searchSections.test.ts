import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type SearchSection,
  type SearchSectionStatus,
  searchLoaderRowCount,
  searchResultLimit,
  searchSectionDelayMessage,
  searchSectionSizes,
  searchSections,
} from "./searchSections.ts";

const done = (count: number): SearchSectionStatus => ({ status: "success", count });
const all = (status: SearchSectionStatus) =>
  Object.fromEntries(searchSections.map((section) => [section, status])) as Record<
    SearchSection,
    SearchSectionStatus
  >;

describe("002 §4 search sections", () => {
  test("002 §4 sections are ordered transactions, entities, custom entities, addresses, IPs", () => {
    expect(searchSections).toEqual(["transactions", "entities", "customEntities", "addresses", "ips"]);
  });

  test("002 §4 a loading section shows 1 to 3 loader rows", () => {
    expect(searchLoaderRowCount("addresses", "addresses")).toBe(3);
    expect(searchLoaderRowCount("entities", "addresses")).toBe(1);
  });

  test("002 §8 each section's delay message names its type", () => {
    expect(searchSections.map(searchSectionDelayMessage)).toEqual([
      "Transaction results are taking longer than usual.",
      "Entity results are taking longer than usual.",
      "Custom Entities results are taking longer than usual.",
      "Address results are taking longer than usual.",
      "Inet results are taking longer than usual.",
    ]);
  });
});

describe("002 §9 search section sizes", () => {
  test("002 §9 at most 5 items per section while another section loads", () => {
    const sizes = searchSectionSizes({ ...all(done(40)), entities: { status: "loading" } });
    expect(sizes).toEqual({ transactions: 5, entities: 0, customEntities: 5, addresses: 5, ips: 5 });
  });

  test("002 §9 sections balance against the base size once loaded", () => {
    const sizes = searchSectionSizes({
      ...all(done(0)),
      addresses: done(30),
      entities: done(2),
      ips: done(30),
    });
    expect(sizes).toEqual({ transactions: 0, entities: 2, customEntities: 0, addresses: 18, ips: 5 });
    const even = searchSectionSizes({ ...all(done(30)) });
    expect(even).toEqual({ transactions: 5, entities: 5, customEntities: 5, addresses: 5, ips: 5 });
    const twoLong = searchSectionSizes({ ...all(done(0)), entities: done(30), addresses: done(30) });
    expect(twoLong).toEqual({ transactions: 0, entities: 10, customEntities: 0, addresses: 10, ips: 0 });
  });

  test("002 §9 sizes never exceed what a section has, the budget, or the IP cap", () => {
    const status = fc.oneof(
      fc.constant<SearchSectionStatus>({ status: "loading" }),
      fc.constant<SearchSectionStatus>({ status: "error" }),
      fc.nat(60).map(done),
    );
    const statuses = fc.record(
      Object.fromEntries(searchSections.map((section) => [section, status])) as Record<
        SearchSection,
        fc.Arbitrary<SearchSectionStatus>
      >,
    );
    fc.assert(
      fc.property(statuses, (sections) => {
        const sizes = searchSectionSizes(sections);
        const loading = searchSections.some((section) => sections[section].status === "loading");
        for (const section of searchSections) {
          const state = sections[section];
          expect(sizes[section]).toBeLessThanOrEqual(state.status === "success" ? state.count : 0);
          if (loading) expect(sizes[section]).toBeLessThanOrEqual(5);
        }
        expect(sizes.ips).toBeLessThanOrEqual(5);
        expect(
          sizes.transactions + sizes.entities + sizes.customEntities + sizes.addresses,
        ).toBeLessThanOrEqual(20);
      }),
    );
  });

  test("002 §9 a query with % has its own result limit", () => {
    expect(searchResultLimit("binance")).toBe(20);
    expect(searchResultLimit("bin%")).toBe(50);
  });
});
