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
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "wouter";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { showMessage } from "../messages/messageStore.ts";
import { registerListTarget } from "../search/listTarget.ts";
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
  const queryClient = useQueryClient();
  // 002 §2 entity monitoring: while this list is open, an address picked in the palette's search is
  // watched by a new detector instead of opened.
  useEffect(
    () =>
      registerListTarget({
        name: "Detectors",
        accepts: (urn) => parseUrn(urn)?.kind === "address",
        add: async (urn) => {
          await sleuthClient.detectors.create({ addressUrn: urn });
          showMessage({ variant: "success", title: detectorMessages.created });
          await queryClient.invalidateQueries({ queryKey: ["detectors"] });
        },
      }),
    [queryClient],
  );
  return (
    <div className="sleuth-page sleuth-triage">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Detectors
      </Heading>
      <Text as="p" className="sleuth-muted" data-testid="detectors-monitoring-hint">
        To monitor another address, search it with / (or Mod+K) and press Enter: it is added here.
      </Text>
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
