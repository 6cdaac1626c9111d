import {
  chainInfo,
  displayAddress,
  likelyResultsTab,
  type RecognizedIdentifier,
  recentSearches,
  requestInformationLabel,
  type SearchHistory,
  type SearchSection,
  type SearchSectionStatus,
  searchLoaderRowCount,
  searchMessages,
  searchSectionDelayMessage,
  searchSectionLabels,
  searchSectionSizes,
  searchSections,
  stillLookingForMessage,
  truncateSearchTitle,
  urnTitle,
} from "@sleuth/sdk";
import { defaultFilter } from "cmdk";
import type { Command } from "../commands/commandRegistry.ts";
// Pure modules only (not search/index.ts, which brings React and Primer): the model is tested in Node.
import type { SearchRow } from "../search/searchRows.ts";
import type { SearchSectionsState, SectionState } from "../search/useSearchSections.ts";

/** One row of the palette. Rows with a `value` other than null can be highlighted and picked. */
export type PaletteRow =
  | { kind: "command"; value: string; command: Command }
  | { kind: "recent"; value: string; urn: string; title: string; detail: string }
  | { kind: "result"; value: string; row: SearchRow }
  | { kind: "loader"; value: null; section: SearchSection; index: number }
  | { kind: "error"; value: string; section: SearchSection; message: string }
  | { kind: "notice"; value: null; lines: readonly string[] }
  | { kind: "open"; value: string; title: string; detail: string; identifiers: RecognizedIdentifier[] }
  | { kind: "submit"; value: string; query: string }
  | { kind: "requestInformation"; value: string | null; query: string; label: string };

export interface PaletteGroup {
  id: string;
  heading: string;
  rows: PaletteRow[];
}

export interface PaletteModelInput {
  /** The raw text of the field. */
  input: string;
  commands: readonly Command[];
  history: SearchHistory;
  /** The search sections for the text; null on a nested page or in commands mode. */
  search: Pick<
    SearchSectionsState,
    "query" | "debouncing" | "identifiers" | "sections" | "ipMessages" | "settled"
  > | null;
  /** The typed text as a query (trimmed), without waiting for the debounce. */
  typedQuery: string;
  typedIdentifiers: readonly RecognizedIdentifier[];
  /** 000 §4: information was already requested for this query. */
  requested: boolean;
}

// STYLE Keyboard (GitHub): a leading ">" lists commands only.
export const commandModePrefix = ">";
// Choice: beside search, a command is listed only when the text matches it well (cmdk's score): a
// search term whose letters merely occur scattered in a title ("peel" in "Open a random Ethereum…")
// must not put a command above the results and run it on Enter. After ">" every match counts.
export const commandMatchMinScore = 0.2;
// Choice: the empty palette lists this many recent searches above the commands.
export const recentSearchesShown = 5;

function commandRows(
  commands: readonly Command[],
  filter: string,
  minScore = Number.MIN_VALUE,
): PaletteGroup[] {
  const text = filter.trim();
  if (text === "") {
    const groups = new Map<string, PaletteRow[]>();
    for (const command of commands) {
      const rows = groups.get(command.group) ?? [];
      rows.push({ kind: "command", value: `command:${command.id}`, command });
      groups.set(command.group, rows);
    }
    return [...groups].map(([heading, rows]) => ({ id: `commands:${heading}`, heading, rows }));
  }
  const scored = commands
    .map((command) => ({ command, score: defaultFilter(command.title, text, command.keywords) }))
    .filter((entry) => entry.score >= minScore)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return [];
  return [
    {
      id: "commands",
      heading: "Commands",
      rows: scored.map(({ command }) => ({ kind: "command", value: `command:${command.id}`, command })),
    },
  ];
}

function recentRows(history: SearchHistory): PaletteGroup[] {
  const items = recentSearches(history, recentSearchesShown);
  if (items.length === 0) return [];
  return [
    {
      id: "recent",
      heading: "Recent searches",
      rows: items.map((item): PaletteRow => {
        const named = urnTitle(item.urn);
        return {
          kind: "recent",
          value: `recent:${item.urn}`,
          urn: item.urn,
          title: named?.title ?? item.urn,
          detail: named?.detail ?? "",
        };
      }),
    },
  ];
}

function statusOf(state: SectionState): SearchSectionStatus {
  switch (state.status) {
    case "idle":
      return { status: "success", count: 0 };
    case "success":
      return { status: "success", count: state.rows.length };
    default:
      return { status: state.status };
  }
}

function sectionGroups(search: NonNullable<PaletteModelInput["search"]>): PaletteGroup[] {
  const statuses = Object.fromEntries(
    searchSections.map((section) => [section, statusOf(search.sections[section])]),
  ) as Record<SearchSection, SearchSectionStatus>;
  const sizes = searchSectionSizes(statuses);
  const likely = likelyResultsTab(search.identifiers);
  const groups: PaletteGroup[] = [];
  for (const section of searchSections) {
    const state = search.sections[section];
    const heading = searchSectionLabels[section];
    const id = `section:${section}`;
    if (state.status === "loading") {
      const count = searchLoaderRowCount(section, likely);
      const rows = Array.from(
        { length: count },
        (_, index): PaletteRow => ({
          kind: "loader",
          value: null,
          section,
          index,
        }),
      );
      groups.push({ id, heading, rows });
    } else if (state.status === "error") {
      groups.push({
        id,
        heading,
        rows: [
          { kind: "error", value: `retry:${section}`, section, message: searchSectionDelayMessage(section) },
        ],
      });
    } else if (state.status === "success" && sizes[section] > 0) {
      groups.push({
        id,
        heading,
        rows: state.rows.slice(0, sizes[section]).map((row) => ({
          kind: "result",
          value: `result:${row.urn}`,
          row,
        })),
      });
    }
  }
  return groups;
}

function isEmptySearch(search: NonNullable<PaletteModelInput["search"]>): boolean {
  return searchSections.every((section) => {
    const state = search.sections[section];
    return state.status === "idle" || (state.status === "success" && state.rows.length === 0);
  });
}

function identifierTitle(identifiers: readonly RecognizedIdentifier[]): { title: string; detail: string } {
  const [first] = identifiers;
  if (!first) return { title: "", detail: "" };
  if (first.kind === "inet") return { title: `Open IP ${first.value}`, detail: "Block explorer" };
  const chainNames = identifiers.flatMap((identifier) =>
    identifier.chain ? [chainInfo(identifier.chain).name] : [],
  );
  const title =
    first.kind === "address"
      ? `Open address ${truncateSearchTitle(first.chain ? displayAddress(first.chain, first.value) : first.value, "address")}`
      : `Open transaction ${truncateSearchTitle(first.value, "transaction")}`;
  const unique = [...new Set(chainNames)];
  const detail =
    unique.length <= 3
      ? unique.join(", ")
      : `${unique.slice(0, 2).join(", ")} and ${unique.length - 2} more chains`;
  return { title, detail };
}

/**
 * The palette's groups, top to bottom. Empty text: recent searches (002 §3), then every command by
 * group. Commands mode (">"): matching commands only. Otherwise: matching commands (filtered
 * instantly), the search sections in the spec's order with their loader and error rows (002 §4), the
 * no-results texts (002 §8), the rows that open the typed identifier (000 §2) or submit the query to
 * the results page (002 §2), and 'Still looking for ‘{query}’?' with Request information (000 §4).
 */
export function paletteGroups(model: PaletteModelInput): PaletteGroup[] {
  const text = model.input.trim();
  if (text.startsWith(commandModePrefix)) {
    return commandRows(model.commands, text.slice(commandModePrefix.length));
  }
  if (text === "" || model.search === null) {
    return [...(text === "" ? recentRows(model.history) : []), ...commandRows(model.commands, text)];
  }
  const search = model.search;
  const groups = [...commandRows(model.commands, text, commandMatchMinScore)];
  if (search.ipMessages) {
    groups.push({
      id: "ip-rule",
      heading: searchSectionLabels.ips,
      rows: [{ kind: "notice", value: null, lines: search.ipMessages }],
    });
  }
  groups.push(...sectionGroups(search));
  if (search.settled && isEmptySearch(search) && !search.ipMessages) {
    groups.push({
      id: "no-results",
      heading: "No results",
      rows: [
        {
          kind: "notice",
          value: null,
          lines: [
            searchMessages.noResults,
            searchMessages.checkSpelling,
            searchMessages.tryDifferentKeywords,
          ],
        },
      ],
    });
  }
  const searchRows: PaletteRow[] = [];
  if (model.typedIdentifiers.length > 0) {
    const { title, detail } = identifierTitle(model.typedIdentifiers);
    searchRows.push({
      kind: "open",
      value: `open:${model.typedQuery}`,
      title,
      detail,
      identifiers: [...model.typedIdentifiers],
    });
  }
  searchRows.push({ kind: "submit", value: `submit:${model.typedQuery}`, query: model.typedQuery });
  groups.push({ id: "search", heading: "Search", rows: searchRows });
  if (search.settled) {
    groups.push({
      id: "request-information",
      heading: stillLookingForMessage(search.query),
      rows: [
        {
          kind: "requestInformation",
          value: model.requested ? null : `request:${search.query}`,
          query: search.query,
          label: requestInformationLabel(model.requested),
        },
      ],
    });
  }
  return groups;
}

/** The value of the first row that can be highlighted, or null. */
export function firstSelectableValue(groups: readonly PaletteGroup[]): string | null {
  for (const group of groups) for (const row of group.rows) if (row.value !== null) return row.value;
  return null;
}

export function selectableValues(groups: readonly PaletteGroup[]): Set<string> {
  const values = new Set<string>();
  for (const group of groups) for (const row of group.rows) if (row.value !== null) values.add(row.value);
  return values;
}
