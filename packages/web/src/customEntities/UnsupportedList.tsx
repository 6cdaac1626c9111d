import { Text } from "@primer/react";
import { type Compatibility, unsupportedReasonLabels } from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";

/** Where a resource list stands: being edited, or checked and waiting for a confirmation. */
export type ResourceStep =
  | { kind: "edit" }
  | { kind: "confirm"; compatibility: Compatibility; unrecognized: string[] };

/** 000 §8: each unsupported reason shown is tracked as an event (the activity log), once per reason. */
export function trackUnsupported(compatibility: Compatibility): void {
  const byReason = new Map<string, string[]>();
  for (const resource of compatibility.resources)
    if (resource.unsupportedReason)
      byReason.set(resource.unsupportedReason, [
        ...(byReason.get(resource.unsupportedReason) ?? []),
        resource.resourceUrn,
      ]);
  if (compatibility.unsupportedReason === "SIZE_LIMIT_REACHED") byReason.set("SIZE_LIMIT_REACHED", []);
  for (const [reason, resourceUrns] of byReason)
    void sleuthClient.activity
      .log("custom_entity_unsupported", { reason, resourceUrns: resourceUrns.slice(0, 20) })
      .catch(() => {});
}

/** 000 §8: the resources left out, each with its unsupported reason, and pieces not recognised. */
export function UnsupportedList({ step }: { step: Extract<ResourceStep, { kind: "confirm" }> }) {
  const unsupported = step.compatibility.resources.filter((resource) => !resource.isSupported);
  return (
    <section aria-label="Not supported" data-testid="unsupported-resources">
      <Text as="p">These are left out:</Text>
      <ul className="sleuth-unsupported-list">
        {step.compatibility.unsupportedReason === "SIZE_LIMIT_REACHED" ? (
          <li>{unsupportedReasonLabels.SIZE_LIMIT_REACHED}</li>
        ) : null}
        {unsupported.map((resource) => (
          <li key={resource.resourceUrn}>
            <span className="sleuth-mono">{resource.resourceUrn}</span>:{" "}
            {resource.unsupportedReason
              ? unsupportedReasonLabels[resource.unsupportedReason]
              : "Not supported"}
          </li>
        ))}
        {step.unrecognized.map((piece) => (
          <li key={`unrecognized-${piece}`}>
            <span className="sleuth-mono">{piece}</span>: not an address or URN
          </li>
        ))}
      </ul>
    </section>
  );
}
