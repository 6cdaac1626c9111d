import { DownloadIcon } from "@primer/octicons-react";
import { Button, Heading, Text, UnderlineNav } from "@primer/react";
import {
  type ChainId,
  chainInfo,
  checkTriageAddressRoute,
  displayAddress,
  readTriageAddressQuery,
  riskScoreLevelOf,
  triageReportLanguage,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { useCommands } from "../commands/useCommands.ts";
import { CopyButton } from "../explorer/CopyButton.tsx";
import { explorerQueries } from "../explorer/explorerQueries.ts";
import { InvalidIdentifier } from "../explorer/InvalidIdentifier.tsx";
import { RiskBadge } from "../explorer/RiskBadge.tsx";
import { chainIdOfSegment, decodeSegment } from "../explorer/routeParams.ts";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { TriageBackLink } from "./TriageBackLink.tsx";
import { TriageDetails } from "./TriageDetails.tsx";
import { type TriageFlowEvents, TriageSidebars } from "./TriageSidebars.tsx";
import { TriageSummary } from "./TriageSummary.tsx";
import { triageAddressPath } from "./triagePaths.ts";
import { closeTriageSidebar } from "./triageSidebar.ts";
import { useInvalidRedirect } from "./useInvalidRedirect.ts";
import { useTriageProgress } from "./useTriageProgress.ts";
import "./triage.css";

/** 002 §9: the report download (the same file `sleuth triage report` writes). */
async function downloadReport(chain: string, address: string): Promise<void> {
  try {
    const report = await sleuthClient.triage.report(chain, address, {
      language: triageReportLanguage(navigator.language),
    });
    const url = URL.createObjectURL(new Blob([report.csv], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = report.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    void sleuthClient.activity.log("report_downloaded", { chain, address }).catch(() => undefined);
  } catch (error) {
    // 002 §8: a CSV failure is logged with no user message.
    console.error("triage report failed", error);
  }
}

/**
 * 002 §2 Triage address page: header, back button, Summary and Details tabs by `tab`. An invalid or
 * missing chain or address shows the invalid message, then Triage home.
 */
export function TriageAddressPage({ chain, address }: { chain: string; address: string }) {
  const check = checkTriageAddressRoute({ chain: chainIdOfSegment(chain), address: decodeSegment(address) });
  useInvalidRedirect(!check.ok);
  if (!check.ok) return <InvalidIdentifier message={check.message} value={decodeSegment(address)} />;
  return <TriageAddress chain={check.value.chain} address={check.value.address} urn={check.value.urn} />;
}

function TriageAddress({ chain, address, urn }: { chain: ChainId; address: string; urn: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const query = readTriageAddressQuery(new URLSearchParams(search));
  const headingRef = usePageHeading(`${chain}/${address}/${query.tab}`);
  const shown = displayAddress(chain, address);
  const subject: ActionSubject = { kind: "address", urn, label: truncateSearchTitle(shown, "address") };
  const { progress, record } = useTriageProgress(urn);

  useEffect(() => {
    // 002 §2: an empty (or unknown) tab is removed from the URL.
    if (query.replaceQuery)
      navigate(triageAddressPath(chain, address, query.replaceQuery), { replace: true });
  }, [chain, address, query.replaceQuery, navigate]);
  useEffect(() => {
    // 002 §7: the triage activity event of a viewed address.
    void sleuthClient.activity.log("address_viewed", { chain, address }).catch(() => undefined);
    return closeTriageSidebar;
  }, [chain, address]);

  const events: TriageFlowEvents = {
    flagged: () => record({ type: "flagCreated" }),
    escalated: () => {
      record({ type: "escalated" });
      void sleuthClient.activity.log("address_escalated", { urn }).catch(() => undefined);
    },
    interestsViewed: () => record({ type: "interestsViewed" }),
    exchangeContactViewed: () => {
      record({ type: "exchangeContactViewed" });
      void sleuthClient.activity.log("contact_info_viewed", { urn }).catch(() => undefined);
    },
    detectorCreated: () => record({ type: "detectorCreated" }),
  };

  const risk = useQuery(explorerQueries.addressRisk(urn));
  useCommands([
    {
      id: "triage.downloadReport",
      title: "Download the triage report",
      group: "Triage",
      keys: "d",
      keywords: ["csv", "export", "report"],
      run: () => downloadReport(chain, address),
    },
    {
      id: "triage.summaryTab",
      title: "Show the triage summary",
      group: "Triage",
      keys: "t s",
      // 002 §2 the tabs stay one chord away inside the transfer history, whose own "t" jumps to a date.
      outranksSingleKey: true,
      run: () => navigate(triageAddressPath(chain, address)),
    },
    {
      id: "triage.detailsTab",
      title: "Show the triage details",
      group: "Triage",
      keys: "t d",
      outranksSingleKey: true,
      run: () => navigate(triageAddressPath(chain, address, { tab: "details" })),
    },
  ]);

  const level = riskScoreLevelOf(risk.data?.riskScore);
  return (
    <div className="sleuth-page sleuth-triage">
      <TriageBackLink />
      <header className="sleuth-triage-header">
        <RiskBadge level={level} label={risk.data?.riskScoreLabel ?? null} />
        <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title" title={shown}>
          {truncateSearchTitle(shown, "address")}
        </Heading>
        <CopyButton value={shown} what="Address" />
        <Text className="sleuth-muted">{chainInfo(chain).name}</Text>
        <Button
          leadingVisual={DownloadIcon}
          onClick={() => void downloadReport(chain, address)}
          data-testid="triage-report"
        >
          Download report
        </Button>
      </header>
      <UnderlineNav aria-label="Triage tabs">
        <UnderlineNav.Item
          as={Link}
          href={triageAddressPath(chain, address)}
          aria-current={query.tab === "summary" ? "page" : undefined}
        >
          Summary
        </UnderlineNav.Item>
        <UnderlineNav.Item
          as={Link}
          href={triageAddressPath(chain, address, { tab: "details" })}
          aria-current={query.tab === "details" ? "page" : undefined}
        >
          Details
        </UnderlineNav.Item>
      </UnderlineNav>
      <TriageSidebars subject={subject} events={events} />
      {query.tab === "summary" ? (
        <TriageSummary subject={subject} progress={progress} record={record} events={events} />
      ) : (
        <TriageDetails
          chain={chain}
          address={address}
          urn={urn}
          initiallyOpen={query.openSections}
          trmUrn={query.trmUrn}
        />
      )}
    </div>
  );
}
