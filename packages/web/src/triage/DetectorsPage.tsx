import { Button, Heading, Link as PrimerLink, Spinner, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  alertCountLabel,
  type Detector,
  detectorMessages,
  formatTriageVolume,
  formatUtc,
  parseUrn,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { triageAddressPath, triageTransactionPath } from "./triagePaths.ts";
import "./triage.css";

function DetectorAlerts({ detector }: { detector: Detector }) {
  const alerts = useQuery({
    queryKey: ["detectors", "alerts", detector.uuid],
    queryFn: ({ signal }) => sleuthClient.detectors.alerts({ detectorUuid: detector.uuid }, { signal }),
  });
  if (alerts.isPending) return <Spinner size="small" srText="Loading alerts" />;
  if (alerts.isError) return <InlineMessage variant="critical">{detectorMessages.loadFailed}</InlineMessage>;
  if (alerts.data.length === 0) return <p className="sleuth-muted">{detectorMessages.noAlerts}</p>;
  return (
    <ul
      className="sleuth-action-list"
      aria-label={`Alerts of ${detector.name}`}
      data-testid="detector-alerts"
    >
      {alerts.data.map((alert) => {
        const parts = parseUrn(alert.transactionUrn);
        const hash = parts?.kind === "transaction" ? parts.hash : alert.transactionUrn;
        return (
          <li key={alert.uuid}>
            {formatUtc(alert.transactionTimestamp)} · {alert.direction} ·{" "}
            {alert.amountUsd === null ? "—" : formatTriageVolume(alert.amountUsd)} ·{" "}
            {parts?.kind === "transaction" ? (
              <PrimerLink
                as={Link}
                href={triageTransactionPath(parts.chain, parts.hash)}
                className="sleuth-mono"
              >
                {truncateSearchTitle(hash, "transaction")}
              </PrimerLink>
            ) : (
              hash
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** 002 §4 the detectors list (opened in a new tab from the checklist): each watch and its alerts. */
export function DetectorsPage() {
  const headingRef = usePageHeading("detectors");
  const detectors = useQuery({
    queryKey: ["detectors", "all"],
    queryFn: ({ signal }) => sleuthClient.detectors.list({}, { signal }),
  });
  return (
    <div className="sleuth-page sleuth-triage">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Detectors
      </Heading>
      {detectors.isPending ? (
        <Spinner size="medium" srText="Loading detectors" />
      ) : detectors.isError ? (
        <div role="alert">
          <InlineMessage variant="critical">{detectorMessages.loadFailed}</InlineMessage>
          <Button size="small" onClick={() => void detectors.refetch()}>
            Retry
          </Button>
        </div>
      ) : detectors.data.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          {detectorMessages.none}
        </Text>
      ) : (
        <ul className="sleuth-triage-detectors" data-testid="detectors">
          {detectors.data.map((detector) => {
            const parts = parseUrn(detector.addressUrn);
            return (
              <li key={detector.uuid}>
                <Heading as="h2" className="sleuth-section-title">
                  {detector.name}
                </Heading>
                <Text as="p" className="sleuth-muted">
                  <span data-testid="detector-alert-count">{alertCountLabel(detector.alertCount)}</span> ·
                  saved {formatUtc(detector.createdAt)}
                  {detector.createdBy ? ` by ${detector.createdBy.fullName ?? detector.createdBy.email}` : ""}{" "}
                  ·{" "}
                  {parts?.kind === "address" ? (
                    <PrimerLink as={Link} href={triageAddressPath(parts.chain, parts.address)}>
                      Open in triage
                    </PrimerLink>
                  ) : null}
                </Text>
                <DetectorAlerts detector={detector} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
