import { useStore } from "@nanostores/react";
import { Button, Heading, Text } from "@primer/react";
import { SkeletonText, UnderlinePanels } from "@primer/react/experimental";
import {
  initialResultsTab,
  multiSearchItems,
  multiSearchMaxItems,
  requestInformationLabel,
  resultsTabOrder,
  type SearchSection,
  searchFailedEvent,
  searchMessages,
  searchSectionDelayMessage,
  searchSectionLabels,
  searchSections,
  settledResultsTab,
  stillLookingForMessage,
} from "@sleuth/sdk";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { ShowMoreButton } from "../lists/ShowMoreButton.tsx";
import { listPageSize, useShowMore } from "../lists/useShowMore.ts";
import { searchResultsPath } from "../navigation/routePaths.ts";
import { RequestInformationDialog } from "../search/RequestInformationDialog.tsx";
import { $requestedQueries } from "../search/requestedInformation.ts";
import { logSearchFailed } from "../search/searchActivity.ts";
import type { SearchRow } from "../search/searchRows.ts";
import { type SectionMore, useSearchResults } from "../search/useSearchResults.ts";
import type { SectionState } from "../search/useSearchSections.ts";
import { ResultsTable } from "./ResultsTable.tsx";
import { useResultsKeys } from "./useResultsKeys.ts";
import "./results.css";

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

/** 002 §8: the no-results texts. */
function NoResultsText() {
  return (
    <>
      <Text as="p" className="sleuth-no-results-title">
        {searchMessages.noResults}
      </Text>
      <Text as="p">{searchMessages.checkSpelling}</Text>
      <Text as="p">{searchMessages.tryDifferentKeywords}</Text>
    </>
  );
}

function ResultsSection({
  section,
  rows,
  more,
  loadMore,
  labelId,
}: {
  section: SearchSection;
  rows: readonly SearchRow[];
  more: SectionMore;
  loadMore: () => void;
  labelId: string;
}) {
  const shown = useShowMore(rows, { pageSize: listPageSize, ...more, loadMore });
  return (
    <>
      <div ref={shown.containerRef}>
        <ResultsTable section={section} rows={shown.visible} labelId={labelId} />
      </div>
      <ShowMoreButton
        more={shown}
        noun={searchSectionLabels[section].toLowerCase()}
        failedMessage={searchSectionDelayMessage(section)}
      />
    </>
  );
}

function TabContent({
  section,
  state,
  more,
  query,
  retry,
  loadMore,
  labelId,
}: {
  section: SearchSection;
  state: SectionState;
  more: SectionMore;
  query: string;
  retry: () => void;
  loadMore: () => void;
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
        return (
          <ResultsSection
            section={section}
            rows={state.rows}
            more={more}
            loadMore={loadMore}
            labelId={labelId}
          />
        );
      break;
    default:
      break;
  }
  return (
    <div className="sleuth-no-results" data-testid="no-results">
      <NoResultsText />
      <StillLooking query={query} />
    </div>
  );
}

function tabCounter(state: SectionState, more: SectionMore): number | string | undefined {
  if (state.status === "idle") return 0;
  if (state.status !== "success") return undefined;
  // The server holds more than the page has loaded: "20+".
  return more.hasMore ? `${state.rows.length}+` : state.rows.length;
}

/** 002 §2 block explorer search results (`/search?q=…&tab=…`): one tab per kind of result. */
export function SearchResultsPage() {
  const query = new URLSearchParams(useSearch()).get("q") ?? "";
  // A new query starts over: its own show-more pages and its own search_failed event.
  return <SearchResults key={query} query={query} />;
}

function SearchResults({ query }: { query: string }) {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const [items] = useState(() => itemsOf(query));
  const {
    items: searched,
    sections,
    more,
    answered,
    retry,
    loadMore,
  } = useSearchResults(items, { pageSize: listPageSize });
  const requestedTab = params.get("tab");
  // 002 §2: the initial tab follows the picked item or, without one, the typed query; once every
  // section has answered, an empty one gives way to the first with results.
  const initialTab = initialResultsTab({ identifiers: searched[0]?.identifiers ?? [] });
  const rowCounts = Object.fromEntries(
    searchSections.map((section) => {
      const state = sections[section];
      return [section, state.status === "success" ? state.rows.length : 0];
    }),
  ) as Record<SearchSection, number>;
  const tab: SearchSection = isSection(requestedTab)
    ? requestedTab
    : answered
      ? settledResultsTab(initialTab, rowCounts)
      : initialTab;
  const headingRef = usePageHeading(query);
  useResultsKeys();
  const title = items.length > 1 ? `${items.length} items` : `‘${items[0] ?? ""}’`;
  const shownQuery = items.length > 1 ? items.join(", ") : (items[0] ?? "");
  const total = searchSections.reduce((sum, section) => sum + rowCounts[section], 0);
  // 000 §5: with no match (no recognised identifier and no result anywhere) the search fails.
  const failed =
    answered && items.length > 0
      ? searchFailedEvent(query.trim(), { identifiers: searched.flatMap((item) => item.identifiers), total })
      : null;
  const failedLogged = useRef(false);
  useEffect(() => {
    if (!failed || failedLogged.current) return;
    failedLogged.current = true;
    logSearchFailed(failed, { module: "navigation", items: items.length });
  }, [failed, items.length]);

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
      {/* Present from the start so the failure is read out when it arrives. */}
      <div role="status" className={failed ? "sleuth-no-results" : undefined} data-testid="search-failed">
        {failed ? <NoResultsText /> : null}
      </div>
      {failed ? (
        <StillLooking query={shownQuery} />
      ) : (
        <>
          <Text as="p" className="sleuth-muted sleuth-results-hint">
            j and k move through the results, Enter opens one; ← and → switch tabs.
          </Text>
          <UnderlinePanels
            aria-label="Result kinds"
            value={tab}
            onChange={({ value }) => navigate(searchResultsPath(query, value), { replace: true })}
          >
            {resultsTabOrder.map((section) => (
              <UnderlinePanels.Tab
                key={section}
                value={section}
                counter={tabCounter(sections[section], more[section])}
              >
                {searchSectionLabels[section]}
              </UnderlinePanels.Tab>
            ))}
            {resultsTabOrder.map((section) => (
              <UnderlinePanels.Panel key={section} value={section} id={`results-${section}`}>
                <h2 id={`results-${section}-title`} className="sleuth-visually-hidden">
                  {searchSectionLabels[section]}
                </h2>
                <TabContent
                  section={section}
                  state={sections[section]}
                  more={more[section]}
                  query={shownQuery}
                  retry={() => retry(section)}
                  loadMore={() => loadMore(section)}
                  labelId={`results-${section}-title`}
                />
              </UnderlinePanels.Panel>
            ))}
          </UnderlinePanels>
        </>
      )}
    </div>
  );
}
