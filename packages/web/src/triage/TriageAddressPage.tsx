import { useStore } from "@nanostores/react";
import { DownloadIcon } from "@primer/octicons-react";
import { Button, Heading, Link as PrimerLink, Text, UnderlineNav } from "@primer/react";
import {
  chainInfo,
  checkTriageAddressRoute,
  displayAddress,
  readTriageAddressQuery,
  riskScoreLevelOf,
  triageBackLabels,
  triageDetailsSectionsShown,
  triageReportLanguage,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { useCommands } from "../commands/index.ts";
import { CopyButton } from "../explorer/CopyButton.tsx";
import { explorerQueries } from "../explorer/explorerQueries.ts";
import { InvalidIdentifier } from "../explorer/InvalidIdentifier.tsx";
import { RiskBadge } from "../explorer/RiskBadge.tsx";
import { decodeSegment } from "../explorer/routeParams.ts";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { $signedIn, sleuthClient } from "../session/index.ts";
import { TriageSummary } from "./TriageSummary.tsx";
import { triageAddressPath, triageRoutes } from "./triagePaths.ts";
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

/** 002 §2 Triage address page: header, back button, Summary and Details tabs by `tab`. */
export function TriageAddressPage({ chain, address }: { chain: string; address: string }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const check = checkTriageAddressRoute({ chain: decodeSegment(chain), address: decodeSegment(address) });
  const query = readTriageAddressQuery(new URLSearchParams(search));
  const headingRef = usePageHeading(`${chain}/${address}/${query.tab}`);
  const view = useStore($signedIn);

  const validChain = check.ok ? check.value.chain : null;
  const validAddress = check.ok ? check.value.address : null;
  useEffect(() => {
    if (validChain === null || validAddress === null) {
      // 002 §2: the invalid message stays a moment, then Triage home.
      const timer = setTimeout(() => navigate(triageRoutes.home, { replace: true }), 3000);
      return () => clearTimeout(timer);
    }
    if (query.replaceQuery)
      navigate(triageAddressPath(validChain, validAddress, query.replaceQuery), {
        replace: true,
      });
    return undefined;
  }, [validChain, validAddress, query.replaceQuery, navigate]);

  const valid = check.ok ? check.value : null;
  const risk = useQuery({ ...explorerQueries.addressRisk(valid?.urn ?? ""), enabled: valid !== null });
  useCommands(
    valid
      ? [
          {
            id: "triage.downloadReport",
            title: "Download the triage report",
            group: "Triage",
            keys: "d",
            keywords: ["csv", "export", "report"],
            run: () => downloadReport(valid.chain, valid.address),
          },
          {
            id: "triage.summaryTab",
            title: "Show the triage summary",
            group: "Triage",
            keys: "t s",
            run: () => navigate(triageAddressPath(valid.chain, valid.address)),
          },
          {
            id: "triage.detailsTab",
            title: "Show the triage details",
            group: "Triage",
            keys: "t d",
            run: () => navigate(triageAddressPath(valid.chain, valid.address, { tab: "details" })),
          },
        ]
      : [],
  );

  if (!check.ok) return <InvalidIdentifier message={check.message} value={decodeSegment(address)} />;
  const { chain: chainId, address: canonical, urn } = check.value;
  const shown = displayAddress(chainId, canonical);
  const level = riskScoreLevelOf(risk.data?.riskScore);
  return (
    <div className="sleuth-page sleuth-triage">
      <PrimerLink as={Link} href={triageRoutes.home} className="sleuth-triage-back">
        ← {triageBackLabels.newSearch}
      </PrimerLink>
      <header className="sleuth-triage-header">
        <RiskBadge level={level} label={risk.data?.riskScoreLabel ?? null} />
        <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title" title={shown}>
          {truncateSearchTitle(shown, "address")}
        </Heading>
        <CopyButton value={shown} what="Address" />
        <Text className="sleuth-muted">{chainInfo(chainId).name}</Text>
        <Button
          leadingVisual={DownloadIcon}
          onClick={() => void downloadReport(chainId, canonical)}
          data-testid="triage-report"
        >
          Download report
        </Button>
      </header>
      <UnderlineNav aria-label="Triage tabs">
        <UnderlineNav.Item
          as={Link}
          href={triageAddressPath(chainId, canonical)}
          aria-current={query.tab === "summary" ? "page" : undefined}
        >
          Summary
        </UnderlineNav.Item>
        <UnderlineNav.Item
          as={Link}
          href={triageAddressPath(chainId, canonical, { tab: "details" })}
          aria-current={query.tab === "details" ? "page" : undefined}
        >
          Details
        </UnderlineNav.Item>
      </UnderlineNav>
      {query.tab === "summary" ? (
        <TriageSummary urn={urn} />
      ) : (
        <ul className="sleuth-triage-sections">
          {triageDetailsSectionsShown({
            ipsSectionEnabled: view?.featureFlags.triageIpsSection ?? false,
          }).map((section) => (
            <li key={section}>
              <details open={query.openSections.includes(section)}>
                <summary>{section.replace(/-/g, " ")}</summary>
                <Text className="sleuth-muted">Not available yet.</Text>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
