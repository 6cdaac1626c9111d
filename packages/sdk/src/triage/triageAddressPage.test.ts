import { describe, expect, test } from "vitest";
import {
  checkTriageAddressRoute,
  checkTriageTransactionRoute,
  readTriageAddressQuery,
  triageBackButton,
  triageDetailsSectionsShown,
} from "./triageAddressPage.ts";

const address = `0x${"ab".repeat(20)}`;
const hash = `0x${"cd".repeat(32)}`;

describe("002 §2 triage address page", () => {
  test("002 §2 the back button is labelled by the previous path", () => {
    expect(triageBackButton({ name: "triageResults", query: { query: address } })).toEqual({
      label: "Back to search results",
      route: { name: "triageResults", query: { query: address } },
    });
    expect(triageBackButton({ name: "triageSearchHistory" }).label).toBe("Back to search history");
    expect(triageBackButton({ name: "triageHome", query: { query: address } }).label).toBe(
      "Back to current search",
    );
    expect(triageBackButton({ name: "triageHome" })).toEqual({
      label: "Start a new search",
      route: { name: "triageHome" },
    });
    expect(triageBackButton(null).label).toBe("Start a new search");
    expect(triageBackButton({ name: "graphVisualizer" }).label).toBe("Start a new search");
  });

  test("002 §2 tab is summary by default or details, and an empty tab is removed", () => {
    expect(readTriageAddressQuery(new URLSearchParams(""))).toMatchObject({
      tab: "summary",
      replaceQuery: null,
    });
    expect(readTriageAddressQuery(new URLSearchParams("tab=details"))).toMatchObject({
      tab: "details",
      replaceQuery: null,
    });
    expect(readTriageAddressQuery(new URLSearchParams("tab=&section=owns-controls"))).toMatchObject({
      tab: "summary",
      replaceQuery: { section: "owns-controls" },
    });
  });

  test("002 §2 only owns-controls opens from the URL, with trmUrn naming the owned entity", () => {
    expect(
      readTriageAddressQuery({ tab: "details", section: "owns-controls", trmUrn: "urn:sleuth:entity:x" }),
    ).toEqual({
      tab: "details",
      openSections: ["owns-controls"],
      trmUrn: "urn:sleuth:entity:x",
      replaceQuery: null,
    });
    expect(readTriageAddressQuery({ tab: "details", section: "chainabuse" }).openSections).toEqual([]);
  });

  test("002 §2 ips-associated shows only with its feature flag", () => {
    expect(triageDetailsSectionsShown({ ipsSectionEnabled: false })).toEqual([
      "owns-controls",
      "funds-associated",
      "transfer-history",
      "risk-categories",
      "chainabuse",
    ]);
    expect(triageDetailsSectionsShown({ ipsSectionEnabled: true })).toContain("ips-associated");
  });

  test("002 §5 triage address route parameters must be valid", () => {
    expect(checkTriageAddressRoute({ chain: "ethereum", address })).toEqual({
      ok: true,
      value: { chain: "ethereum", address, urn: `urn:sleuth:address:ethereum:${address}` },
    });
    for (const params of [
      { chain: "ethereum" },
      { address },
      { chain: "nochain", address },
      { chain: "bitcoin", address },
    ]) {
      expect(checkTriageAddressRoute(params)).toEqual({
        ok: false,
        message: "This address is not valid on this chain.",
        redirect: { name: "triageHome" },
      });
    }
  });

  test("002 §5 triage transaction route parameters must be valid", () => {
    expect(checkTriageTransactionRoute({ chain: "ethereum", hash }).ok).toBe(true);
    expect(checkTriageTransactionRoute({ chain: "ethereum", hash: "0x12" })).toMatchObject({
      ok: false,
      redirect: { name: "triageHome" },
    });
  });
});
