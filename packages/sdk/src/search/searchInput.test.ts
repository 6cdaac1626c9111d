import { describe, expect, test } from "vitest";
import { chainIds } from "../chains/chainRegistry.ts";
import {
  isSearchSubmitDisabled,
  readSearchInput,
  requestInformationLabel,
  searchFailedEvent,
  statusReportRequest,
  statusReportRequestSchema,
  stillLookingForMessage,
} from "./searchInput.ts";
import { searchMessages } from "./searchMessages.ts";

const evmAddress = `0x${"ab".repeat(20)}`;
const btcAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

describe("000 §5 search input", () => {
  test("000 §5 search input is trimmed and empty input does nothing", () => {
    expect(readSearchInput("   \n\t")).toEqual({ type: "empty" });
    const input = readSearchInput(`  ${btcAddress}  `);
    expect(input.type === "query" && input.query).toBe(btcAddress);
  });

  test("000 §5 search input is recognised per chain, ignoring excluded chains", () => {
    const everyChain = readSearchInput(evmAddress);
    const excluded = readSearchInput(evmAddress, {
      excludedChains: chainIds.filter((chain) => chain !== "ethereum" && chain !== "base"),
    });
    expect(everyChain.type === "query" && everyChain.identifiers.length).toBeGreaterThan(2);
    expect(excluded.type === "query" && excluded.identifiers.map((identifier) => identifier.chain)).toEqual([
      "ethereum",
      "base",
    ]);
  });

  test("000 §5 a customised search may reject an input so results are cleared", () => {
    const input = readSearchInput(" 1.2.3.4 ", { accept: (query) => !query.includes(".") });
    expect(input).toEqual({ type: "rejected", query: "1.2.3.4" });
  });

  test("000 §5 search fails with a search_failed event when nothing matches", () => {
    const input = readSearchInput("no such thing");
    const identifiers = input.type === "query" ? input.identifiers : [];
    expect(searchFailedEvent("no such thing", { identifiers, total: 0 })).toEqual({
      type: "search_failed",
      query: "no such thing",
    });
    expect(searchFailedEvent("binance", { identifiers: [], total: 3 })).toBeNull();
  });
});

describe("002 §5 search submit", () => {
  test("002 §5 search submit is disabled when empty, fetching or multi-search loading", () => {
    const idle = { input: "abc", isFetching: false, isMultiSearchLoading: false };
    expect(isSearchSubmitDisabled(idle)).toBe(false);
    expect(isSearchSubmitDisabled({ ...idle, input: "  " })).toBe(true);
    expect(isSearchSubmitDisabled({ ...idle, isFetching: true })).toBe(true);
    expect(isSearchSubmitDisabled({ ...idle, isMultiSearchLoading: true })).toBe(true);
  });
});

describe("002 §8 request information", () => {
  test("002 §8 still looking text quotes the query cut to 20 characters", () => {
    expect(stillLookingForMessage("binance")).toBe("Still looking for ‘binance’?");
    expect(stillLookingForMessage(btcAddress)).toBe("Still looking for ‘bc1qar0srrr7xfkvy5l6…’?");
  });

  test("000 §4 request information moves to 'Information requested'", () => {
    expect(requestInformationLabel(false)).toBe("Request information");
    expect(requestInformationLabel(true)).toBe("Information requested");
  });

  test("000 §5 request-information details are optional", () => {
    expect(statusReportRequest(btcAddress)).toEqual({ query: btcAddress });
    expect(statusReportRequest(btcAddress, "  ")).toEqual({ query: btcAddress });
    expect(statusReportRequest(btcAddress, " who owns it? ")).toEqual({
      query: btcAddress,
      details: "who owns it?",
    });
    expect(() => statusReportRequestSchema.parse({ query: " " })).toThrow();
  });

  test("002 §8 search messages are the spec's words", () => {
    expect(searchMessages).toMatchObject({
      stillLookingFor: "Still looking for ‘{query}’?",
      noResults: "Your search did not match any records.",
      checkSpelling: "Make sure all words are spelled correctly.",
      tryDifferentKeywords: "Try different keywords.",
      ipsNotOnGraphs: "IPs cannot be added to graphs.",
      tryIpsOnBlockExplorer: "Try searching for IPs on Block Explorer.",
      ipsNotInTriage: "IP Addresses cannot be searched in Triage.",
      forensicsLicenseForIps: "Talk to your admin about getting a Forensics license to see IP results.",
      ipsNotOnThisPage: "IP Addresses cannot be searched in this page",
    });
  });
});
