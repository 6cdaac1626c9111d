import { describe, expect, test } from "vitest";
import { addressChainUrn, entityUrn, inetUrn, transactionUrn } from "../chains/urn.ts";
import { randomSearchRoute } from "./randomSearch.ts";
import { readSearchInput } from "./searchInput.ts";
import {
  ipSearchRule,
  multiSearchItems,
  searchSubmitRoute,
  suggestionAction,
  triageDirectJump,
} from "./searchRoutes.ts";
import { initialResultsTab, settledResultsTab } from "./searchTabs.ts";

const address = `0x${"ab".repeat(20)}`;
const hash = `0x${"cd".repeat(32)}`;

describe("002 §2 search submit route", () => {
  test("002 §2 submit goes to the results route of the module", () => {
    expect(
      searchSubmitRoute({ module: "graphVisualizer", query: " abc ", currentRoute: "graphVisualizer" }),
    ).toEqual({
      name: "graphVisualizerResults",
      query: { query: "abc" },
      replace: false,
    });
    expect(searchSubmitRoute({ module: "triage", query: "abc", currentRoute: null }).name).toBe(
      "triageResults",
    );
    for (const module of ["navigation", "embeddedGraphVisualizer", "entityMonitoring"] as const) {
      expect(searchSubmitRoute({ module, query: "abc", currentRoute: null }).name).toBe(
        "blockExplorerSearchResults",
      );
    }
  });

  test("002 §2 submit replaces history on a results or history route", () => {
    for (const currentRoute of [
      "blockExplorerSearchResults",
      "graphVisualizerResults",
      "triageResults",
      "triageSearchHistory",
    ] as const) {
      expect(searchSubmitRoute({ module: "triage", query: "abc", currentRoute }).replace).toBe(true);
    }
    expect(searchSubmitRoute({ module: "triage", query: "abc", currentRoute: "triageHome" }).replace).toBe(
      false,
    );
  });
});

describe("002 §6 IP search per module", () => {
  test("002 §6 IPs cannot be added to graphs", () => {
    for (const module of ["graphVisualizer", "embeddedGraphVisualizer"] as const) {
      expect(ipSearchRule({ module, ipSearchEnabled: true, hasForensicsLicense: true })).toEqual({
        allowed: false,
        messages: ["IPs cannot be added to graphs.", "Try searching for IPs on Block Explorer."],
      });
    }
  });

  test("002 §6 IPs in triage need a forensics licence", () => {
    expect(ipSearchRule({ module: "triage", ipSearchEnabled: true, hasForensicsLicense: false })).toEqual({
      allowed: false,
      messages: [
        "IP Addresses cannot be searched in Triage.",
        "Talk to your admin about getting a Forensics license to see IP results.",
      ],
    });
    expect(ipSearchRule({ module: "triage", ipSearchEnabled: true, hasForensicsLicense: true })).toEqual({
      allowed: true,
    });
  });

  test("002 §5 IP queries cannot be searched where IP search is disabled", () => {
    expect(ipSearchRule({ module: "navigation", ipSearchEnabled: false, hasForensicsLicense: true })).toEqual(
      {
        allowed: false,
        messages: ["IP Addresses cannot be searched in this page"],
      },
    );
    expect(
      ipSearchRule({ module: "navigation", ipSearchEnabled: true, hasForensicsLicense: false }).allowed,
    ).toBe(true);
  });
});

describe("002 §2 suggestions and tabs", () => {
  test("002 §2 a picked suggestion opens its page, is plotted in graphs, or is listed in entity monitoring", () => {
    const item = { title: address, addressChainUrn: addressChainUrn("ethereum", address) };
    expect(suggestionAction(item, "navigation")).toEqual({
      type: "navigate",
      route: { name: "addressPage", params: { address, chain: "ethereum" } },
    });
    expect(suggestionAction(item, "triage")).toEqual({
      type: "navigate",
      route: { name: "triageAddress", params: { address, chain: "ethereum" } },
    });
    expect(suggestionAction(item, "graphVisualizer")).toEqual({ type: "plot", urn: item.addressChainUrn });
    expect(suggestionAction(item, "entityMonitoring")).toEqual({
      type: "addToList",
      urn: item.addressChainUrn,
    });
    expect(suggestionAction({ title: "Binance", type: "header" }, "navigation")).toBeNull();
    const tx = { title: hash, transactionUrn: transactionUrn("ethereum", hash) };
    expect(suggestionAction(tx, "navigation")).toEqual({
      type: "navigate",
      route: { name: "transactionExplorer", params: { hash, chain: "ethereum" } },
    });
  });

  test("002 §2 once the sections answer, an empty initial tab gives way to the first tab with results", () => {
    const counts = { customEntities: 0, entities: 0, transactions: 0, addresses: 20, ips: 3 };
    expect(settledResultsTab("entities", counts)).toBe("addresses");
    expect(settledResultsTab("ips", counts)).toBe("ips");
    expect(settledResultsTab("entities", { ...counts, addresses: 0, ips: 0 })).toBe("entities");
    expect(settledResultsTab("transactions", { ...counts, customEntities: 1 })).toBe("customEntities");
  });

  test("002 §2 initial results tab comes from the picked item or the typed query", () => {
    const identifiersOf = (text: string) => {
      const input = readSearchInput(text);
      return input.type === "query" ? input.identifiers : [];
    };
    expect(
      initialResultsTab({ item: { title: "x", entityUrn: entityUrn("binance") }, identifiers: [] }),
    ).toBe("entities");
    expect(initialResultsTab({ item: { title: "x", inetUrn: inetUrn("1.2.3.4") }, identifiers: [] })).toBe(
      "ips",
    );
    expect(initialResultsTab({ identifiers: identifiersOf(hash) })).toBe("transactions");
    expect(initialResultsTab({ identifiers: identifiersOf(address) })).toBe("addresses");
    expect(initialResultsTab({ identifiers: identifiersOf("1.2.3.4") })).toBe("ips");
    expect(initialResultsTab({ identifiers: identifiersOf("binance") })).toBe("entities");
  });

  test("002 §2 the random button opens a random Ethereum address or transaction", () => {
    const sequence = (values: number[]) => {
      let index = 0;
      return () => values[index++ % values.length]!;
    };
    const addressRoute = randomSearchRoute({ random: sequence([0.1, 0.5]) });
    expect(addressRoute.name).toBe("addressPage");
    expect(addressRoute.params?.chain).toBe("ethereum");
    expect(addressRoute.params?.address).toMatch(/^0x[0-9a-f]{40}$/);
    const txRoute = randomSearchRoute({ random: sequence([0.9, 0.3]) });
    expect(txRoute).toMatchObject({ name: "graphVisualizer", query: { chain: "ethereum" } });
    expect(txRoute.query?.txn).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      randomSearchRoute({ random: sequence([0.2, 0.99]), addresses: [address, "0xother"] }).params?.address,
    ).toBe("0xother");
  });
});

describe("002 §4 triage multi-search", () => {
  test("002 §4 a single-item multi-search with one active result jumps to it", () => {
    const active = { address, chain: "ethereum", isActive: true };
    const inactive = { address, chain: "base", isActive: false };
    expect(triageDirectJump([address], { addresses: [active, inactive], transactions: [] })).toEqual({
      name: "triageAddress",
      params: { chain: "ethereum", address },
    });
    expect(
      triageDirectJump([hash], {
        addresses: [],
        transactions: [{ txnHash: hash, chain: "ethereum", isActive: true }],
      }),
    ).toEqual({ name: "triageTransaction", params: { chain: "ethereum", hash } });
    expect(triageDirectJump([address, hash], { addresses: [active], transactions: [] })).toBeNull();
    expect(
      triageDirectJump([address], { addresses: [active, { ...inactive, isActive: true }], transactions: [] }),
    ).toBeNull();
  });

  test("002 §2 multi-search takes one item per line, each once", () => {
    expect(multiSearchItems(` ${address}\n\n${hash}, ${address}\n`)).toEqual([address, hash]);
  });
});
