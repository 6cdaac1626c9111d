import { useStore } from "@nanostores/react";
import { Heading, Link as PrimerLink, Text } from "@primer/react";
import { displayAddress, type SearchHistoryItem, searchHistoryByDay, truncateSearchTitle } from "@sleuth/sdk";
import { Link } from "wouter";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { $searchHistory, rememberOpenedSearch } from "../search/searchHistoryStore.ts";
import { TriageSearchBox } from "./TriageSearchBox.tsx";
import { triageFromState } from "./triageNavigation.ts";
import { triageAddressPath, triageTransactionPath } from "./triagePaths.ts";
import "./triage.css";

const from = triageFromState({ name: "triageSearchHistory" });

function HistoryLink({ item }: { item: SearchHistoryItem }) {
  const { parts } = item;
  const shown = parts.kind === "address" ? displayAddress(parts.chain, parts.address) : parts.hash;
  const href =
    parts.kind === "address"
      ? triageAddressPath(parts.chain, parts.address)
      : triageTransactionPath(parts.chain, parts.hash);
  return (
    <li data-visited={item.isVisited}>
      <Link href={href} state={from} onClick={() => rememberOpenedSearch(item.urn)} asChild>
        <PrimerLink className="sleuth-mono" title={shown}>
          {truncateSearchTitle(shown, parts.kind)}
        </PrimerLink>
      </Link>{" "}
      <Text className="sleuth-muted">
        {parts.chain}
        {item.isVisited ? " · visited" : " · not visited yet"}
      </Text>
    </li>
  );
}

/** 002 §2 / §3 triage search history: what was searched, by day, addresses and transactions apart. */
export function TriageHistoryPage() {
  const headingRef = usePageHeading("triage history");
  const days = searchHistoryByDay(useStore($searchHistory));
  return (
    <div className="sleuth-page sleuth-triage">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Search history
      </Heading>
      <TriageSearchBox />
      {days.length === 0 ? (
        <Text as="p" className="sleuth-muted" data-testid="triage-history-empty">
          Nothing searched yet. Addresses and transactions you search in triage are listed here by day.
        </Text>
      ) : (
        <div data-testid="triage-history">
          {days.map((day) => (
            <section key={day.day} aria-labelledby={`history-${day.day}`} data-day={day.day}>
              <Heading as="h2" id={`history-${day.day}`} className="sleuth-section-title">
                {day.day}
              </Heading>
              {day.addresses.length > 0 ? (
                <>
                  <Heading as="h3" className="sleuth-triage-card-title">
                    Addresses
                  </Heading>
                  <ul className="sleuth-triage-results">
                    {day.addresses.map((item) => (
                      <HistoryLink key={item.urn} item={item} />
                    ))}
                  </ul>
                </>
              ) : null}
              {day.transactions.length > 0 ? (
                <>
                  <Heading as="h3" className="sleuth-triage-card-title">
                    Transactions
                  </Heading>
                  <ul className="sleuth-triage-results">
                    {day.transactions.map((item) => (
                      <HistoryLink key={item.urn} item={item} />
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
