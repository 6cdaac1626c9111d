import { useStore } from "@nanostores/react";
import { Checkbox, FormControl, Heading, Spinner, Text } from "@primer/react";
import {
  type TriageChecklistItem,
  type TriageProgressEvent,
  type TriageSource,
  triageChecklist,
  triageChecklistItems,
  triageChecklistLabels,
  triageInsightTitles,
  triageMessages,
  triageSummaryView,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { $commands, openPalette } from "../commands/index.ts";
import { explorerQueries } from "../explorer/explorerQueries.ts";
import { $signedIn } from "../session/index.ts";
import { useTriageProgress } from "./useTriageProgress.ts";

function sourceOf<T>(query: {
  isPending: boolean;
  isError: boolean;
  data: T | null | undefined;
}): TriageSource<T> {
  if (query.isPending) return { status: "loading" };
  if (query.isError) return { status: "error" };
  return { status: "done", value: query.data ?? null };
}

// 002 §4: where each checklist action leads. Flag, interest and escalation are built on another
// branch; until they are merged, the item opens the palette on the command id they register.
const actionCommands: Partial<Record<TriageChecklistItem, string>> = {
  escalate: "triage.escalate",
  flagToPrivateSector: "triage.flag",
  indicateInterest: "triage.indicateInterest",
  contactInvestigators: "triage.viewInterests",
};

/** 002 §4 Summary tab: the six insight bullets and the action checklist. */
export function TriageSummary({ urn }: { urn: string }) {
  const view = useStore($signedIn);
  const flags = view?.featureFlags;
  const risk = useQuery(explorerQueries.addressRisk(urn));
  const attribution = useQuery(explorerQueries.addressAttribution(urn));
  const metrics = useQuery(explorerQueries.addressMetrics(urn));
  const summary = triageSummaryView(
    { risk: sourceOf(risk), attribution: sourceOf(attribution), metrics: sourceOf(metrics) },
    { indirectExposureEnabled: flags?.triageIndirectExposure ?? true },
  );
  const { progress, record } = useTriageProgress(urn);
  const checklist = triageChecklist({
    progress,
    hasFlag: false,
    hasOwnInterest: false,
    interestCount: 0,
    victimReportCount: 0,
    detectorCount: 0,
    features: {
      flagToPrivateSector: flags?.triageFlagToPrivateSector ?? true,
      indicateInterest: flags?.triageIndicateInterest ?? true,
      hideExchangeActions: flags?.triageHideExchangeActions ?? false,
      hideDetectorActions: flags?.triageHideDetectorActions ?? false,
    },
  });

  const act = (item: TriageChecklistItem) => {
    const command = actionCommands[item];
    // Until the flow's branch registers its command there is nothing to open.
    if (command && $commands.get().some((registered) => registered.id === command)) openPalette(command);
    // Doing an action once unlocks its checkbox (002 §4); escalation's own flow ticks it on success.
    const unlocks: Partial<Record<TriageChecklistItem, TriageProgressEvent>> = {
      contactInvestigators: { type: "interestsViewed" },
      viewVictimReports: { type: "victimReportsOpened" },
      contactExchanges: { type: "exchangeContactViewed" },
      escalate: { type: "escalated" },
    };
    const event = unlocks[item];
    if (event) record(event);
  };

  return (
    <div className="sleuth-triage-summary">
      <section aria-labelledby="triage-insights">
        <Heading as="h2" id="triage-insights" className="sleuth-section-title">
          Insights
        </Heading>
        {summary.noActivity ? (
          <Text as="p" data-testid="triage-no-activity">
            {triageMessages.noActivity}
          </Text>
        ) : (
          <ul className="sleuth-triage-insights" data-testid="triage-insights">
            {summary.visible.map((insight) => (
              <li
                key={insight.insight}
                data-insight={insight.insight}
                aria-busy={insight.state === "loading"}
              >
                <strong>{triageInsightTitles[insight.insight]}:</strong>{" "}
                {insight.state === "loading" ? <Spinner size="small" srText="Loading" /> : insight.text}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="triage-actions">
        <Heading as="h2" id="triage-actions" className="sleuth-section-title">
          Actions
        </Heading>
        <ul className="sleuth-triage-checklist" data-testid="triage-checklist">
          {triageChecklistItems
            .filter((item) => checklist[item].visible)
            .map((item) => {
              const entry = checklist[item];
              const toggle = (
                ["escalate", "contactInvestigators", "viewVictimReports", "contactExchanges"] as const
              ).find((toggleable) => toggleable === item);
              return (
                <li key={item} data-item={item}>
                  <FormControl disabled={!entry.checkboxEnabled}>
                    <Checkbox
                      checked={entry.completed}
                      disabled={!entry.checkboxEnabled}
                      onChange={() => toggle && record({ type: "toggled", item: toggle })}
                    />
                    <FormControl.Label>{triageChecklistLabels[item]}</FormControl.Label>
                  </FormControl>
                  <button
                    type="button"
                    className="sleuth-triage-action"
                    disabled={!entry.actionEnabled}
                    onClick={() => act(item)}
                  >
                    {item === "detectors" && entry.action === "openList"
                      ? "Open detectors"
                      : triageChecklistLabels[item]}
                  </button>
                </li>
              );
            })}
        </ul>
      </section>
    </div>
  );
}
