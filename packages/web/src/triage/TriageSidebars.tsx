import { useStore } from "@nanostores/react";
import { Button, Dialog, FormControl, Spinner, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type CounterpartyRow,
  consolePaths,
  defaultDetectorName,
  detectorMessages,
  detectorNameMaxLength,
  formatTriageVolume,
  platformMessages,
  triageLimits,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { EscalateDialog } from "../cases/EscalateDialog.tsx";
import { FlagDialog } from "../flags/FlagDialog.tsx";
import { flowQueries } from "../flows/flowQueries.ts";
import { InterestedInvestigatorsDialog } from "../interests/InterestedInvestigatorsDialog.tsx";
import { InterestSidebar } from "../interests/InterestSidebar.tsx";
import { showMessage } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { PropertyCards } from "./PropertyCards.tsx";
import { $triageSidebar, closeTriageSidebar, openTriageSidebar } from "./triageSidebar.ts";

/** What the checklist learns from the flows, so each item ticks when its flow completes (002 §4). */
export interface TriageFlowEvents {
  flagged: () => void;
  escalated: () => void;
  interestsViewed: () => void;
  exchangeContactViewed: () => void;
  detectorCreated: () => void;
}

/** 002 §2 entity details: the entity's property cards, law-enforcement contact included. */
function EntityDetails({ entityUrn, name }: { entityUrn: string; name: string }) {
  return (
    <Dialog
      title={name}
      subtitle="Entity details"
      onClose={closeTriageSidebar}
      position="right"
      width="large"
    >
      <PropertyCards entityUrn={entityUrn} />
    </Dialog>
  );
}

const isExchange = (row: CounterpartyRow) =>
  row.entityUrn !== null && (row.category ?? "").toLowerCase().includes("exchange");

/**
 * 002 §4 contact exchanges: the exchanges this address dealt with, 5 at a time (002 §9); choosing one
 * shows its contact information with a way back to the list.
 */
function ContactExchanges({ urn, onViewed }: { urn: string; onViewed: () => void }) {
  const counterparties = useQuery(
    flowQueries.counterparties("address", urn, { includeNamedEntitiesOnly: true, offset: 0 }),
  );
  const [chosen, setChosen] = useState<CounterpartyRow | null>(null);
  const [shown, setShown] = useState<number>(triageLimits.exchangeTableSize);
  const exchanges = (counterparties.data?.rows ?? []).filter(isExchange);
  return (
    <Dialog
      title={chosen ? (chosen.name ?? "Exchange") : "Contact exchanges"}
      subtitle={chosen ? "Contact information" : "Exchanges this address sent funds to or received from"}
      onClose={closeTriageSidebar}
      position="right"
      width="large"
    >
      {chosen?.entityUrn ? (
        <div data-testid="exchange-contact">
          <Button onClick={() => setChosen(null)}>← Back to the exchanges</Button>
          <PropertyCards entityUrn={chosen.entityUrn} />
        </div>
      ) : counterparties.isPending ? (
        <Spinner size="small" srText="Loading exchanges" />
      ) : counterparties.isError ? (
        <InlineMessage variant="critical">{platformMessages.genericPanel}</InlineMessage>
      ) : exchanges.length === 0 ? (
        <p className="sleuth-muted">This address has no exchange among its counterparties.</p>
      ) : (
        <>
          <ul className="sleuth-action-list" aria-label="Exchanges" data-testid="exchange-list">
            {exchanges.slice(0, shown).map((row) => (
              <li key={row.counterpartyUrn}>
                <Button
                  variant="invisible"
                  onClick={() => {
                    setChosen(row);
                    onViewed();
                  }}
                >
                  {row.name ?? row.counterpartyUrn}
                </Button>{" "}
                <span className="sleuth-muted">
                  {row.totalVolumeUsd === null ? "" : formatTriageVolume(row.totalVolumeUsd)}
                </span>
              </li>
            ))}
          </ul>
          {exchanges.length > shown ? (
            <Button onClick={() => setShown(shown + triageLimits.exchangeTableSize)}>Show more</Button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

/** 002 §2 detector creation: a saved watch on this address, raising an alert on each new transfer. */
function CreateDetector({ subject, onCreated }: { subject: ActionSubject; onCreated: () => void }) {
  const [name, setName] = useState("");
  const nameRef = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () => sleuthClient.detectors.create({ addressUrn: subject.urn, name: name || undefined }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["detectors"] });
      showMessage({ variant: "success", title: detectorMessages.created });
      onCreated();
      closeTriageSidebar();
    },
  });
  return (
    <Dialog
      title="Create a detector"
      onClose={closeTriageSidebar}
      position="right"
      width="large"
      initialFocusRef={nameRef}
    >
      <form
        className="sleuth-action-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!create.isPending) create.mutate();
        }}
      >
        <FormControl>
          <FormControl.Label>Name</FormControl.Label>
          <TextInput
            ref={nameRef}
            block
            maxLength={detectorNameMaxLength}
            placeholder={defaultDetectorName(subject.label)}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <FormControl.Caption>
            An alert is raised when a new transfer touches this address.
          </FormControl.Caption>
        </FormControl>
        <div role="alert">
          {create.isError ? (
            <InlineMessage variant="critical">{detectorMessages.createFailed}</InlineMessage>
          ) : null}
        </div>
        <div className="sleuth-action-buttons">
          <Button type="button" onClick={closeTriageSidebar}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Create detector
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The triage address page's open sidebar, if any (002 §2). */
export function TriageSidebars({ subject, events }: { subject: ActionSubject; events: TriageFlowEvents }) {
  const sidebar = useStore($triageSidebar);
  if (!sidebar) return null;
  switch (sidebar.kind) {
    case "entity":
      return <EntityDetails entityUrn={sidebar.entityUrn} name={sidebar.name} />;
    case "flag":
      return <FlagDialog subject={subject} onClose={closeTriageSidebar} onFlagged={events.flagged} />;
    case "escalate":
      return (
        <EscalateDialog
          trmUrn={subject.urn}
          alias={subject.label}
          onClose={closeTriageSidebar}
          onEscalated={events.escalated}
        />
      );
    case "indicateInterest":
      return (
        <InterestSidebar trmResourceUrns={[subject.urn]} title={subject.label} onClose={closeTriageSidebar} />
      );
    case "viewInterests":
      return (
        <InterestedInvestigatorsDialog
          urn={subject.urn}
          title={subject.label}
          onClose={closeTriageSidebar}
          onIndicateInterest={() => openTriageSidebar({ kind: "indicateInterest" })}
        />
      );
    case "contactExchanges":
      return <ContactExchanges urn={subject.urn} onViewed={events.exchangeContactViewed} />;
    case "detector":
      return <CreateDetector subject={subject} onCreated={events.detectorCreated} />;
  }
}

/** Opens the detectors list in a new tab (002 §4 "opens the list of existing ones in a new tab"). */
export function openDetectorsTab(): void {
  window.open(consolePaths.triageDetectors, "_blank", "noopener");
}
