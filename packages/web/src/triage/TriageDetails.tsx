import { useStore } from "@nanostores/react";
import { Button, Heading, Spinner } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type ChainId,
  parseUrn,
  platformMessages,
  type TriageDetailsSection,
  triageDetailsSectionsShown,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useEffect, useState } from "react";
import { explorerQueries } from "../explorer/explorerQueries.ts";
import { CounterpartiesPane } from "../flows/CounterpartiesPane.tsx";
import { HoldingsPane } from "../flows/HoldingsPane.tsx";
import { IpsPane } from "../flows/IpsPane.tsx";
import { RiskPane } from "../flows/RiskPane.tsx";
import { ScamReportsPane } from "../flows/ScamReportsPane.tsx";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { TransfersPane } from "../transfers/TransfersPane.tsx";
import type { Subject } from "../workspace/subjectPane.ts";
import { PropertyCards } from "./PropertyCards.tsx";
import { openTriageSidebar } from "./triageSidebar.ts";
import { $requestedSection } from "./useOpenSection.ts";

// 002 §2 Details sections: their titles (ours; the spec names them by id only).
const sectionTitles: Record<TriageDetailsSection, string> = {
  "owns-controls": "Owns or controls",
  "funds-associated": "Funds associated",
  "transfer-history": "Transfer history",
  "risk-categories": "Risk categories",
  chainabuse: "Chainabuse reports",
  "ips-associated": "IPs associated",
};

/** 002 §2 owns-controls: the entities that own or control the address, each with its property cards. */
function OwnsControls({ subject, trmUrn }: { subject: Subject; trmUrn: string | null }) {
  const attribution = useQuery(explorerQueries.addressAttribution(subject.urn));
  const owners = (attribution.data?.tags ?? []).filter(
    (tag, index, tags) =>
      tag.entityUrn !== null && tags.findIndex((other) => other.entityUrn === tag.entityUrn) === index,
  );
  // 002 §2: `trmUrn` opens that owned entity's details.
  const target = owners.find((tag) => tag.entityUrn === trmUrn);
  const targetUrn = target?.entityUrn ?? null;
  const targetName = target?.entity ?? "Entity";
  useEffect(() => {
    if (targetUrn) openTriageSidebar({ kind: "entity", entityUrn: targetUrn, name: targetName });
  }, [targetUrn, targetName]);
  if (attribution.isPending) return <Spinner size="small" srText="Loading attribution" />;
  // 000 §8: who owns or controls the address comes from its attribution's ownership sources.
  if (attribution.isError)
    return <InlineMessage variant="critical">{platformMessages.ownershipSourcesFailed}</InlineMessage>;
  if (owners.length === 0)
    return <p className="sleuth-muted">No known entity owns or controls this address.</p>;
  return (
    <ul className="sleuth-triage-owners">
      {owners.map((tag) => (
        <li key={tag.entityUrn}>
          <Heading as="h3" className="sleuth-triage-card-title">
            {tag.entity ?? tag.entityUrn} <span className="sleuth-muted">· {tag.category}</span>
          </Heading>
          <Button
            size="small"
            onClick={() =>
              tag.entityUrn &&
              openTriageSidebar({ kind: "entity", entityUrn: tag.entityUrn, name: tag.entity ?? "Entity" })
            }
          >
            Entity details
          </Button>
          {tag.entityUrn && parseUrn(tag.entityUrn)?.kind === "entity" ? (
            <PropertyCards entityUrn={tag.entityUrn} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function FundsAssociated({ subject }: { subject: Subject }) {
  return (
    <>
      <HoldingsPane subject={subject} />
      <CounterpartiesPane subject={subject} />
    </>
  );
}

const sectionPanes: Record<
  Exclude<TriageDetailsSection, "owns-controls">,
  ComponentType<{ subject: Subject }>
> = {
  "funds-associated": FundsAssociated,
  "transfer-history": TransfersPane,
  "risk-categories": RiskPane,
  chainabuse: ScamReportsPane,
  "ips-associated": IpsPane,
};

/**
 * 002 §2 Details tab: expandable sections, one open at a time (each brings its own keys); opening one
 * records its activity event. Only owns-controls opens from the URL; an action may ask for another.
 */
export function TriageDetails({
  chain,
  address,
  urn,
  initiallyOpen,
  trmUrn,
}: {
  chain: ChainId;
  address: string;
  urn: string;
  initiallyOpen: readonly TriageDetailsSection[];
  trmUrn: string | null;
}) {
  const view = useStore($signedIn);
  const requested = useStore($requestedSection);
  const [open, setOpen] = useState<TriageDetailsSection | null>(() => requested ?? initiallyOpen[0] ?? null);
  useEffect(() => {
    if (requested) {
      setOpen(requested);
      $requestedSection.set(null);
    }
  }, [requested]);
  useEffect(() => {
    if (open)
      void sleuthClient.activity.log("triage_section_opened", { section: open, urn }).catch(() => undefined);
  }, [open, urn]);
  const subject: Subject = { kind: "address", urn, chain, address };
  const sections = triageDetailsSectionsShown({
    ipsSectionEnabled: view?.featureFlags.triageIpsSection ?? false,
  });
  return (
    <ul className="sleuth-triage-sections" data-testid="triage-sections">
      {sections.map((section) => {
        const expanded = open === section;
        const Pane = section === "owns-controls" ? null : sectionPanes[section];
        return (
          <li key={section} data-section={section}>
            <Heading as="h2" className="sleuth-triage-section-title">
              <button
                type="button"
                className="sleuth-triage-section-toggle"
                aria-expanded={expanded}
                aria-controls={`triage-section-${section}`}
                onClick={() => setOpen(expanded ? null : section)}
              >
                {expanded ? "▾" : "▸"} {sectionTitles[section]}
              </button>
            </Heading>
            {expanded ? (
              <div id={`triage-section-${section}`} className="sleuth-triage-section-body">
                {Pane ? <Pane subject={subject} /> : <OwnsControls subject={subject} trmUrn={trmUrn} />}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
