import { useStore } from "@nanostores/react";
import { Button, FormControl, Heading, Spinner, Textarea } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  lawEnforcementSuggestionKey,
  lawEnforcementSuggestionSchema,
  lawEnforcementSuggestionView,
  type PropertyGroup,
  platformMessages,
  triageMessages,
  triagePropertyCards,
} from "@sleuth/sdk";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { triageQueries } from "./triageQueries.ts";

function storedSuggestion(entityUrn: string): string | null {
  try {
    return localStorage.getItem(lawEnforcementSuggestionKey(entityUrn));
  } catch {
    // 002 §8: local storage failures are logged and ignored.
    console.warn("law-enforcement suggestion date could not be read");
    return null;
  }
}

/**
 * 002 §4 / §5 the law-enforcement contact's suggest-update form: comments are required; once sent the
 * date is kept locally and the card thanks the user instead.
 */
function SuggestUpdateForm({ entityUrn }: { entityUrn: string }) {
  const [view, setView] = useState(() => lawEnforcementSuggestionView(storedSuggestion(entityUrn)));
  const [comments, setComments] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => sleuthClient.triage.suggestLawEnforcementContact({ comments, entityUrn }),
    onSuccess: (stored) => {
      try {
        localStorage.setItem(lawEnforcementSuggestionKey(entityUrn), JSON.stringify(stored));
      } catch {
        console.warn("law-enforcement suggestion date could not be stored");
      }
      setView("thanks");
    },
    onError: () => setProblem(triageMessages.contactUpdateFailed),
  });
  if (view === "thanks")
    return (
      <p role="status" data-testid="le-thanks">
        {triageMessages.lawEnforcementThanks}
      </p>
    );
  return (
    <form
      className="sleuth-action-form"
      aria-label="Suggest an update to this contact"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = lawEnforcementSuggestionSchema.safeParse({ comments, entityUrn });
        if (!parsed.success) {
          setProblem(triageMessages.lawEnforcementCommentsRequired);
          return;
        }
        setProblem(null);
        send.mutate();
      }}
    >
      <FormControl required>
        <FormControl.Label>Suggest an update</FormControl.Label>
        <Textarea block rows={3} value={comments} onChange={(event) => setComments(event.target.value)} />
      </FormControl>
      <div role="alert">{problem ? <InlineMessage variant="critical">{problem}</InlineMessage> : null}</div>
      <Button type="submit" loading={send.isPending}>
        Send suggestion
      </Button>
    </form>
  );
}

function PropertyList({ group }: { group: PropertyGroup }) {
  return group.properties.length === 0 ? (
    <p className="sleuth-muted">No contact on record.</p>
  ) : (
    <dl className="sleuth-metrics">
      {group.properties.map((property) => (
        <div key={property.internal_name} className="sleuth-metric">
          <dt>{property.name}</dt>
          <dd className="sleuth-break">{String(property.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 002 §3 an entity's property cards: the beacon contact hidden, KYC shown as a level, and the
 * law-enforcement contact card with its suggest-update form (behind its 002 §6 flag).
 */
export function PropertyCards({ entityUrn }: { entityUrn: string }) {
  const flags = useStore($signedIn)?.featureFlags;
  const properties = useQuery(triageQueries.entityProperties(entityUrn));
  if (properties.isPending) return <Spinner size="small" srText="Loading the entity's properties" />;
  if (properties.isError)
    // 000 §8: the property groups' own message.
    return <InlineMessage variant="critical">{platformMessages.propertyGroupsFailed}</InlineMessage>;
  const cards = triagePropertyCards(properties.data);
  if (cards.length === 0) return <p className="sleuth-muted">No properties on record.</p>;
  return (
    <div className="sleuth-triage-cards" data-testid="property-cards">
      {cards.map((card) => (
        <section
          key={card.group.internalName}
          className="sleuth-triage-card"
          aria-label={card.group.displayName}
          data-card={card.kind}
        >
          <Heading as="h3" className="sleuth-triage-card-title">
            {card.group.displayName}
          </Heading>
          {card.kind === "kyc" ? (
            <p>{card.level ? `Level ${card.level.level} (${card.level.label})` : "Unknown level"}</p>
          ) : (
            <PropertyList group={card.group} />
          )}
          {card.kind === "lawEnforcementContact" && (flags?.triageLawEnforcementSuggestUpdate ?? true) ? (
            <SuggestUpdateForm entityUrn={entityUrn} />
          ) : null}
        </section>
      ))}
    </div>
  );
}
