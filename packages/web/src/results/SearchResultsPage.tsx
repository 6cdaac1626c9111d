import { useStore } from "@nanostores/react";
import { Button, Heading, Text } from "@primer/react";
import { SkeletonText, UnderlinePanels } from "@primer/react/experimental";
import {
  initialResultsTab,
  multiSearchItems,
  requestInformationLabel,
  type SearchSection,
  searchMessages,
  searchSectionDelayMessage,
  searchSections,
  stillLookingForMessage,
} from "@sleuth/sdk";
import { useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { usePageHeading } from "../explorer/index.ts";
import { searchResultsPath } from "../navigation/index.ts";
import {
  $requestedQueries,
  multiSearchMaxItems,
  RequestInformationDialog,
  type SectionState,
  searchSectionLabels,
  useSearchResults,
} from "../search/index.ts";
import { ResultsTable } from "./ResultsTable.tsx";
import { useResultsKeys } from "./useResultsKeys.ts";
import "./results.css";

// 002 §2 names the results tabs in this order: custom entities, entities, transactions, addresses, IPs.
const tabOrder = [
  "customEntities",
  "entities",
  "transactions",
  "addresses",
  "ips",
] as const satisfies readonly SearchSection[];

const isSection = (value: string | null): value is SearchSection =>
  value !== null && (searchSections as readonly string[]).includes(value);

/** A query with line breaks is a multi-search (002 §2): one item per line or comma. */
function itemsOf(query: string): string[] {
  return query.includes("\n") ? multiSearchItems(query) : query.trim() === "" ? [] : [query.trim()];
}

function StillLooking({ query }: { query: string }) {
  const requested = useStore($requestedQueries).has(query.trim());
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="sleuth-still-looking">
      <Text as="p">{stillLookingForMessage(query)}</Text>
      <Button ref={buttonRef} size="small" disabled={requested} onClick={() => setOpen(true)}>
        {requestInformationLabel(requested)}
      </Button>
      {open ? (
        <RequestInformationDialog query={query} onClose={() => setOpen(false)} returnFocusRef={buttonRef} />
      ) : null}
    </div>
  );
}

function TabContent({
  section,
  state,
  query,
  retry,
  labelId,
}: {
  section: SearchSection;
  state: SectionState;
  query: string;
  retry: () => void;
  labelId: string;
}) {
  switch (state.status) {
    case "loading":
      return <SkeletonText lines={3} />;
    case "error":
      return (
        <div role="alert" className="sleuth-panel-error">
          <p>{searchSectionDelayMessage(section)}</p>
          <Button size="small" onClick={retry}>
            {searchMessages.retry}
          </Button>
        </div>
      );
    case "success":
      if (state.rows.length > 0)
        return <ResultsTable section={section} rows={state.rows} labelId={labelId} />;
      break;
    default:
      break;
  }
  return (
    <div className="sleuth-no-results" data-testid="no-results">
      <Text as="p" className="sleuth-no-results-title">
        {searchMessages.noResults}
      </Text>
      <Text as="p">{searchMessages.checkSpelling}</Text>
      <Text as="p">{searchMessages.tryDifferentKeywords}</Text>
      <StillLooking query={query} />
    </div>
  );
}

/** 002 §2 block explorer search results (`/search?q=…&tab=…`): one tab per kind of result. */
export function SearchResultsPage() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const query = params.get("q") ?? "";
  const items = itemsOf(query);
  const { items: searched, sections, retry } = useSearchResults(items);
  const requestedTab = params.get("tab");
  // 002 §2: the initial tab follows the picked item or, without one, the typed query.
  const tab: SearchSection = isSection(requestedTab)
    ? requestedTab
    : initialResultsTab({ identifiers: searched[0]?.identifiers ?? [] });
  const headingRef = usePageHeading(query);
  useResultsKeys();
  const title = items.length > 1 ? `${items.length} items` : `‘${items[0] ?? ""}’`;

  if (items.length === 0) {
    return (
      <div className="sleuth-page">
        <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
          Search
        </Heading>
        <Text as="p">Press / or Ctrl+K (⌘K) and type an address, transaction, entity or IP.</Text>
      </div>
    );
  }
  return (
    <div className="sleuth-page sleuth-page-wide" data-testid="search-results">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title sleuth-break">
        Search results for {title}
      </Heading>
      {items.length > multiSearchMaxItems ? (
        <Text as="p" className="sleuth-muted">
          The first {multiSearchMaxItems} of {items.length} items were searched.
        </Text>
      ) : null}
      <Text as="p" className="sleuth-muted sleuth-results-hint">
        j and k move through the results, Enter opens one; ← and → switch tabs.
      </Text>
      <UnderlinePanels
        aria-label="Result kinds"
        value={tab}
        onChange={({ value }) => navigate(searchResultsPath(query, value), { replace: true })}
      >
        {tabOrder.map((section) => {
          const state = sections[section];
          return (
            <UnderlinePanels.Tab
              key={section}
              value={section}
              counter={
                state.status === "success" ? state.rows.length : state.status === "idle" ? 0 : undefined
              }
            >
              {searchSectionLabels[section]}
            </UnderlinePanels.Tab>
          );
        })}
        {tabOrder.map((section) => (
          <UnderlinePanels.Panel key={section} value={section} id={`results-${section}`}>
            <h2 id={`results-${section}-title`} className="sleuth-visually-hidden">
              {searchSectionLabels[section]}
            </h2>
            <TabContent
              section={section}
              state={sections[section]}
              query={items.length > 1 ? items.join(", ") : (items[0] ?? "")}
              retry={() => retry(section)}
              labelId={`results-${section}-title`}
            />
          </UnderlinePanels.Panel>
        ))}
      </UnderlinePanels>
    </div>
  );
}
