import { useStore } from "@nanostores/react";
import { Button, Heading, Label, Link as PrimerLink, Text } from "@primer/react";
import {
  type CaseRecord,
  caseRelatableTarget,
  consolePaths,
  displayName,
  formatUtc,
  recentSearches,
  urnTitle,
  usdText,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { openActionDialog } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";
import { casePath } from "../actions/workspacePaths.ts";
import { openJobsPanel } from "../downloads/downloadStore.ts";
import { useJobList } from "../downloads/jobQueries.ts";
import { DataPanel } from "../explorer/DataPanel.tsx";
import { pathOfUrn } from "../navigation/routePaths.ts";
import { $searchHistory, rememberOpenedSearch } from "../search/searchHistoryStore.ts";
import type { SignedInView } from "../session/sessionView.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
// The panels share the explorer's look (home is the first page opened).
import "../explorer/explorer.css";
import "./home.css";

// Issue 39 "Home": what an investigator returns to. Each list is short; its heading links to the
// full page, and every item opens with Enter.
const shown = 5;
/**
 * Returning home shows what is new since: the lists are read again each time the page opens, not
 * taken from the cache of the last visit (an alert raised a minute ago must be there).
 */
const freshOnReturn = { refetchOnMount: "always" } as const;

function SubjectLink({ urn, label }: { urn: string; label?: string | null }) {
  const named = urnTitle(urn);
  const path = pathOfUrn(urn);
  const text = label || named?.title || urn;
  return path ? (
    <Link href={path} asChild>
      <PrimerLink className={label ? undefined : "sleuth-mono"} title={named?.full ?? urn}>
        {text}
      </PrimerLink>
    </Link>
  ) : (
    <span>{text}</span>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text as="p" className="sleuth-muted">
      {children}
    </Text>
  );
}

function RecentSubjects() {
  const items = recentSearches(useStore($searchHistory), shown);
  return (
    <section className="sleuth-panel" aria-labelledby="home-recent" data-testid="home-recent">
      <Heading as="h2" id="home-recent" className="sleuth-panel-title">
        Recent searches
      </Heading>
      {items.length === 0 ? (
        <Empty>
          Nothing searched yet: press <HotkeyHint id="palette.open" format="full" /> and type an address or a
          transaction hash.
        </Empty>
      ) : (
        <ul className="sleuth-home-list">
          {items.map((item) => (
            <li key={item.urn}>
              <span onClickCapture={() => rememberOpenedSearch(item.urn)}>
                <SubjectLink urn={item.urn} />
              </span>{" "}
              <Text className="sleuth-muted">
                {urnTitle(item.urn)?.detail}
                {item.isVisited ? "" : " · not opened yet"}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A case's elements worth opening: addresses, transactions and entities, not graphs or flags. */
function caseSubjects(record: CaseRecord) {
  return (record.relatables ?? []).filter((relatable) => {
    const kind = caseRelatableTarget(relatable.resourceUrn).kind;
    return kind !== "graph" && kind !== "flag";
  });
}

function CasesPanel({ canWrite }: { canWrite: boolean }) {
  const cases = useQuery({ ...actionQueries.cases({}), ...freshOnReturn });
  return (
    <DataPanel title="Cases" query={cases}>
      {({ cases: records, count }) =>
        records.length === 0 ? (
          <Empty>
            No cases yet.
            {canWrite ? (
              <>
                {" "}
                <Button
                  size="small"
                  variant="invisible"
                  onClick={() => openActionDialog({ kind: "newCase" })}
                >
                  New case
                </Button>
              </>
            ) : null}
          </Empty>
        ) : (
          <>
            <ul className="sleuth-home-list" data-testid="home-cases">
              {records.slice(0, shown).map((record) => {
                const subjects = caseSubjects(record);
                return (
                  <li key={record.id}>
                    <Link href={casePath(record.id)} asChild>
                      <PrimerLink>{record.name}</PrimerLink>
                    </Link>{" "}
                    {record.isSharedWithOrg ? <Label variant="secondary">Shared</Label> : null}
                    {subjects.length > 0 ? (
                      <ul className="sleuth-home-sublist">
                        {subjects.slice(0, 3).map((subject) => (
                          <li key={subject.resourceUrn}>
                            <SubjectLink urn={subject.resourceUrn} label={subject.label} />{" "}
                            <Text className="sleuth-muted">{urnTitle(subject.resourceUrn)?.detail}</Text>
                          </li>
                        ))}
                        {subjects.length > 3 ? (
                          <li className="sleuth-muted">and {subjects.length - 3} more</li>
                        ) : null}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <Link href={consolePaths.workspaceCases} asChild>
              <PrimerLink>All cases ({count})</PrimerLink>
            </Link>
          </>
        )
      }
    </DataPanel>
  );
}

function AlertsPanel() {
  const alerts = useQuery({
    queryKey: ["detectors", "alerts", "home"],
    queryFn: ({ signal }) => sleuthClient.detectors.alerts({ limit: shown }, { signal }),
    ...freshOnReturn,
  });
  return (
    <DataPanel title="Detector alerts" query={alerts}>
      {(items) =>
        items.length === 0 ? (
          <Empty>No alerts. A detector on an address raises one for each new transfer.</Empty>
        ) : (
          <>
            <ul className="sleuth-home-list" data-testid="home-alerts">
              {items.map((alert) => (
                <li key={alert.uuid}>
                  <SubjectLink urn={alert.addressUrn} />{" "}
                  <Text className="sleuth-muted">
                    {alert.direction === "incoming" ? "received" : "sent"} · {usdText(alert.amountUsd)} ·{" "}
                    {formatUtc(alert.transactionTimestamp)}
                  </Text>
                </li>
              ))}
            </ul>
            <Link href={consolePaths.triageDetectors} asChild>
              <PrimerLink>All detectors and alerts</PrimerLink>
            </Link>
          </>
        )
      }
    </DataPanel>
  );
}

function InboxPanel() {
  const inbox = useQuery({ ...actionQueries.inbox(), ...freshOnReturn });
  return (
    <DataPanel title="Escalations" query={inbox}>
      {(page) =>
        page.escalations.length === 0 ? (
          <Empty>Nothing escalated to you.</Empty>
        ) : (
          <>
            <ul className="sleuth-home-list" data-testid="home-escalations">
              {page.escalations.slice(0, shown).map((escalation) => (
                <li key={escalation.uuid}>
                  {escalation.readAt ? null : <Label variant="accent">New</Label>}{" "}
                  <SubjectLink urn={escalation.trmUrn} label={escalation.alias} />{" "}
                  <Text className="sleuth-muted">
                    in {escalation.caseName} · {formatUtc(escalation.createdAt)}
                  </Text>
                </li>
              ))}
            </ul>
            <Link href={consolePaths.workspaceInbox} asChild>
              <PrimerLink>
                Inbox ({page.unreadCount} unread of {page.count})
              </PrimerLink>
            </Link>
          </>
        )
      }
    </DataPanel>
  );
}

function JobsList() {
  const jobs = useJobList(true);
  return (
    <DataPanel title="Background jobs" query={jobs}>
      {(page) =>
        page.jobs.length === 0 ? (
          <Empty>No exports running or waiting to be downloaded.</Empty>
        ) : (
          <>
            <ul className="sleuth-home-list" data-testid="home-jobs">
              {page.jobs.slice(0, shown).map((job) => (
                <li key={job.asyncJobUuid}>
                  {job.fileName} <Label>{job.status}</Label>{" "}
                  <Text className="sleuth-muted">{formatUtc(job.createdAt)}</Text>
                </li>
              ))}
            </ul>
            <Button size="small" onClick={openJobsPanel}>
              Open the jobs panel
            </Button>
          </>
        )
      }
    </DataPanel>
  );
}

/** Who is signed in, where, what is waiting for them, and the one key to remember. */
export function HomePage({ view }: { view: SignedInView }) {
  const name = displayName(view.user);
  const canWrite = view.role === "editor" || view.role === "admin";
  return (
    <div className="sleuth-page" data-testid="home-page">
      <Heading as="h1" className="sleuth-page-title">
        Welcome, {name}
      </Heading>
      <Text as="p" className="sleuth-home-who" data-testid="home-who">
        Signed in as <strong>{name}</strong> ({view.user.email}) in <strong>{view.organization.name}</strong>
        {view.role ? ` as ${view.role}` : ""}.
      </Text>
      <div className="sleuth-home-hint">
        <Text as="p">
          Press <HotkeyHint id="palette.open" format="full" /> (or /) to search addresses, transactions,
          entities, custom entities and IPs, or to run any command. Paste several identifiers with{" "}
          <HotkeyHint id="search.multi" format="full" />.
        </Text>
        <Text as="p" className="sleuth-muted">
          Press <HotkeyHint id="help.shortcuts" format="full" /> to list every keyboard shortcut.
        </Text>
      </div>
      <div className="sleuth-home-grid">
        <CasesPanel canWrite={canWrite} />
        <RecentSubjects />
        <InboxPanel />
        <AlertsPanel />
        <JobsList />
      </div>
    </div>
  );
}
