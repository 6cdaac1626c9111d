import { Text } from "@primer/react";
import { useQuery } from "@tanstack/react-query";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";

/** How many investigators the caller may see are interested in the subject (001 §2). */
export function InterestSummary({ subject }: { subject: ActionSubject }) {
  const interests = useQuery(actionQueries.interestsOf(subject.urn));
  if (!interests.data || interests.data.length === 0) return null;
  const count = interests.data.length;
  return (
    <Text as="p" className="sleuth-muted" data-testid="interest-summary">
      {count === 1 ? "1 investigator is" : `${count} investigators are`} interested in this{" "}
      {subject.kind === "entity" ? "entity" : "element"}.
    </Text>
  );
}
