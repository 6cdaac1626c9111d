import {
  addressChainUrn,
  entityUrn,
  readSearchInput,
  recordSearch,
  type SearchSection,
  searchSections,
  transactionUrn,
} from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import type { Command } from "../commands/commandRegistry.ts";
import type { SearchRow } from "../search/searchRows.ts";
import type { SectionState } from "../search/useSearchSections.ts";
import { firstSelectableValue, type PaletteModelInput, paletteGroups } from "./paletteModel.ts";

const commands: Command[] = [
  { id: "navigation.home", title: "Go home", group: "Navigation", run: () => {} },
  { id: "organization.switch", title: "Switch organization", group: "Organization", run: () => {} },
  { id: "account.signOut", title: "Sign out", group: "Account", run: () => {} },
];

const slug = (name: string) => name.toLowerCase().replaceAll(" ", "-");
const entity = (name: string): SearchRow => ({
  section: "entities",
  item: { title: name, entityUrn: entityUrn(slug(name)) },
  urn: entityUrn(slug(name)),
  title: name,
  fullTitle: name,
  detail: "Exchange",
  chain: null,
  otherChains: [],
  cells: ["Exchange"],
});

function sections(
  overrides: Partial<Record<SearchSection, SectionState>>,
): Record<SearchSection, SectionState> {
  return Object.fromEntries(
    searchSections.map((section) => [section, overrides[section] ?? { status: "success", rows: [] }]),
  ) as Record<SearchSection, SectionState>;
}

function model(
  input: string,
  overrides: Partial<Record<SearchSection, SectionState>>,
  extra: Partial<PaletteModelInput> = {},
): PaletteModelInput {
  const read = readSearchInput(input);
  const identifiers = read.type === "query" ? read.identifiers : [];
  const all = sections(overrides);
  return {
    input,
    commands,
    history: {},
    search: {
      query: input.trim(),
      debouncing: false,
      identifiers,
      sections: all,
      ipMessages: null,
      settled: searchSections.every((section) => all[section].status !== "loading"),
    },
    typedQuery: input.trim(),
    typedIdentifiers: identifiers,
    requested: false,
    ...extra,
  };
}

const headings = (input: PaletteModelInput) => paletteGroups(input).map((group) => group.heading);

describe("palette search sections (002 §4 search box)", () => {
  test("002 §4 sections come in the order transactions, entities, custom entities, addresses, IPs", () => {
    const loading = { status: "loading" } as const;
    const groups = headings(
      model("binance", {
        transactions: loading,
        entities: loading,
        customEntities: loading,
        addresses: loading,
        ips: loading,
      }),
    );
    expect(groups).toEqual(["Transactions", "Entities", "Custom Entities", "Addresses", "IPs", "Search"]);
  });

  test("002 §4 a loading section shows 1 to 3 loader rows, the likely one 3", () => {
    const loading = { status: "loading" } as const;
    const groups = paletteGroups(model("binance", { entities: loading, addresses: loading }));
    const loaders = (heading: string) =>
      groups.find((group) => group.heading === heading)?.rows.filter((row) => row.kind === "loader").length;
    expect(loaders("Entities")).toBe(3);
    expect(loaders("Addresses")).toBe(1);
  });

  test("002 §8 a failed section shows its delay message with a retry row", () => {
    const groups = paletteGroups(model("binance", { entities: { status: "error", error: new Error("x") } }));
    const rows = groups.find((group) => group.heading === "Entities")?.rows;
    expect(rows).toEqual([
      {
        kind: "error",
        value: "retry:entities",
        section: "entities",
        message: "Entity results are taking longer than usual.",
      },
    ]);
  });

  test("002 §8 nothing found shows the exact no-results texts and 'Still looking for ‘{query}’?'", () => {
    const groups = paletteGroups(model("zzqqxx", {}));
    const notice = groups.find((group) => group.id === "no-results")?.rows[0];
    expect(notice).toMatchObject({
      lines: [
        "Your search did not match any records.",
        "Make sure all words are spelled correctly.",
        "Try different keywords.",
      ],
    });
    const still = groups.find((group) => group.id === "request-information");
    expect(still?.heading).toBe("Still looking for ‘zzqqxx’?");
    expect(still?.rows[0]).toMatchObject({ label: "Request information", value: "request:zzqqxx" });
  });

  test("000 §4 once requested the row reads 'Information requested' and cannot be picked again", () => {
    const groups = paletteGroups(model("zzqqxx", {}, { requested: true }));
    const row = groups.find((group) => group.id === "request-information")?.rows[0];
    expect(row).toMatchObject({ label: "Information requested", value: null });
  });

  test("000 §4 the first result is highlighted once results arrive; before, the search row", () => {
    const loading = model("binance", { entities: { status: "loading" } });
    expect(firstSelectableValue(paletteGroups(loading))).toBe("submit:binance");
    const loaded = model("binance", { entities: { status: "success", rows: [entity("Binance")] } });
    expect(firstSelectableValue(paletteGroups(loaded))).toBe(`result:${entityUrn("binance")}`);
  });

  test("000 §2 a typed identifier offers to open it directly, and the results page", () => {
    const address = "1BoatSLRHtKNngkdXEeobR76b53LETtpyT";
    const rows = paletteGroups(model(address, {})).find((group) => group.id === "search")?.rows ?? [];
    expect(rows.map((row) => row.kind)).toEqual(["open", "submit"]);
    expect(rows[0]).toMatchObject({
      title: "Open address 1BoatSLRHt…b53LETtpyT",
      detail: "Bitcoin, Bitcoin Cash",
    });
  });

  test("002 §9 while a section loads the others show at most 5 items", () => {
    const many = Array.from({ length: 12 }, (_, index) => entity(`Entity ${index}`));
    const loading = model("entity", {
      entities: { status: "success", rows: many },
      addresses: { status: "loading" },
    });
    const shown = paletteGroups(loading).find((group) => group.heading === "Entities")?.rows.length;
    expect(shown).toBe(5);
    const loaded = model("entity", { entities: { status: "success", rows: many } });
    expect(paletteGroups(loaded).find((group) => group.heading === "Entities")?.rows.length).toBe(12);
  });
});

describe("palette commands and recent searches (STYLE Keyboard, 002 §3)", () => {
  test("commands filter instantly, best match first, without waiting for the search", () => {
    const input = model("switch", { entities: { status: "loading" } });
    const [first] = paletteGroups(input);
    expect(first?.heading).toBe("Commands");
    expect(first?.rows.map((row) => (row.kind === "command" ? row.command.title : null))).toEqual([
      "Switch organization",
    ]);
    expect(firstSelectableValue(paletteGroups(input))).toBe("command:organization.switch");
  });

  test("a search term whose letters merely occur in a command title lists no command", () => {
    const random: Command = {
      id: "search.random",
      title: "Open a random Ethereum address or transaction",
      group: "Search",
      keywords: ["random", "lucky"],
      run: () => {},
    };
    const groups = paletteGroups({ ...model("peel", {}), commands: [...commands, random] });
    expect(groups.some((group) => group.id === "commands")).toBe(false);
    const explicit = paletteGroups({ ...model("> peel", {}), commands: [random], search: null });
    expect(explicit[0]?.rows).toHaveLength(1);
  });

  test("a leading > lists only commands", () => {
    const groups = paletteGroups({ ...model("> sign", {}), search: null });
    expect(groups.map((group) => group.heading)).toEqual(["Commands"]);
  });

  test("002 §3 the empty palette lists recent address and transaction searches, newest first", () => {
    const address = addressChainUrn("bitcoin", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT");
    const transaction = transactionUrn("ethereum", `0x${"ab".repeat(32)}`);
    let history = recordSearch({}, address, new Date("2024-05-01T10:00:00Z"));
    history = recordSearch(history, transaction, new Date("2024-05-02T10:00:00Z"));
    history = recordSearch(history, entityUrn("binance"), new Date("2024-05-03T10:00:00Z"));
    const groups = paletteGroups({ ...model("", {}), search: null, history });
    expect(groups[0]?.heading).toBe("Recent searches");
    expect(groups[0]?.rows.map((row) => (row.kind === "recent" ? row.urn : null))).toEqual([
      transaction,
      address,
    ]);
    expect(groups.slice(1).map((group) => group.heading)).toEqual(["Navigation", "Organization", "Account"]);
  });
});
