import { useStore } from "@nanostores/react";
import { Checkbox, FormControl, Heading, Spinner, Text } from "@primer/react";
import {
  type TriageChecklistItem,
  type TriageProgress,
  type TriageProgressEvent,
  type TriageSource,
  triageChecklist,
  triageChecklistFacts,
  triageChecklistItems,
  triageChecklistLabels,
  triageInsightTitles,
  triageMessages,
  triageSummaryView,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { useCommands } from "../commands/useCommands.ts";
import { explorerQueries } from "../explorer/explorerQueries.ts";
import { FlagsPanel } from "../flags/FlagsPanel.tsx";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { openDetectorsTab, type TriageFlowEvents } from "./TriageSidebars.tsx";
import { triageQueries } from "./triageQueries.ts";
import { openTriageSidebar } from "./triageSidebar.ts";
import { useOpenSection } from "./useOpenSection.ts";

// 002 §4: the palette command and hotkey of each checklist action (the first four ids are the ones the
// actions flows are known by; the keys are the subject pages' action keys, "a …").
const checklistCommands: Record<TriageChecklistItem, { id: string; keys: string }> = {
  escalate: { id: "escalate", keys: "a e" },
  flagToPrivateSector: { id: "flag", keys: "a f" },
  indicateInterest: { id: "indicateInterest", keys: "a i" },
  contactInvestigators: { id: "viewInterests", keys: "a v" },
  viewVictimReports: { id: "viewVictimReports", keys: "a w" },
  detectors: { id: "detectors", keys: "a m" },
  contactExchanges: { id: "contactExchanges", keys: "a x" },
};

function sourceOf<T>(query: {
  isPending: boolean;
  isError: boolean;
  data: T | null | undefined;
}): TriageSource<T> {
  if (query.isPending) return { status: "loading" };
  if (query.isError) return { status: "error" };
  return { status: "done", value: query.data ?? null };
}

/** 002 §4 Summary tab: the six insight bullets and the action checklist, wired to the real flows. */
export function TriageSummary({
  subject,
  progress,
  record,
  events,
}: {
  subject: ActionSubject;
  progress: TriageProgress;
  record: (event: TriageProgressEvent) => void;
  events: TriageFlowEvents;
}) {
  const { urn } = subject;
  const view = useStore($signedIn);
  const flags = view?.featureFlags;
  const risk = useQuery(explorerQueries.addressRisk(urn));
  const attribution = useQuery(explorerQueries.addressAttribution(urn));
  const metrics = useQuery(explorerQueries.addressMetrics(urn));
  const summary = triageSummaryView(
    { risk: sourceOf(risk), attribution: sourceOf(attribution), metrics: sourceOf(metrics) },
    { indirectExposureEnabled: flags?.triageIndirectExposure ?? true },
  );
  const flagList = useQuery(triageQueries.flagsOf(urn));
  const interests = useQuery(triageQueries.interestsOf(urn));
  const detectors = useQuery(triageQueries.detectorsOf(urn));
  const reports = useQuery(triageQueries.scamReports(urn));
  const facts = triageChecklistFacts(
    {
      flags: flagList.data?.flags ?? [],
      interests: interests.data ?? [],
      victimReports: reports.data ?? [],
      detectors: detectors.data ?? [],
    },
    { uuid: view?.user.uuid ?? "", email: view?.user.email ?? "" },
  );
  const hasFlag = facts.hasFlag;
  const checklist = triageChecklist({
    progress,
    ...facts,
    features: {
      flagToPrivateSector: flags?.triageFlagToPrivateSector ?? true,
      indicateInterest: flags?.triageIndicateInterest ?? true,
      hideExchangeActions: flags?.triageHideExchangeActions ?? false,
      hideDetectorActions: flags?.triageHideDetectorActions ?? false,
    },
  });
  // 002 §4: removing the flag resets its item (the data says there is none any more).
  const hadFlag = useRef(hasFlag);
  useEffect(() => {
    if (hadFlag.current && !hasFlag && flagList.isSuccess) record({ type: "flagRemoved" });
    hadFlag.current = hasFlag;
  }, [hasFlag, flagList.isSuccess, record]);

  const act = (item: TriageChecklistItem) => {
    switch (item) {
      case "escalate":
        return openTriageSidebar({ kind: "escalate" });
      case "flagToPrivateSector":
        return openTriageSidebar({ kind: "flag" });
      case "indicateInterest":
        return openTriageSidebar({ kind: "indicateInterest" });
      case "contactInvestigators":
        events.interestsViewed();
        return openTriageSidebar({ kind: "viewInterests" });
      case "viewVictimReports":
        record({ type: "victimReportsOpened" });
        void sleuthClient.activity.log("victim_reports.viewed", { urn }).catch(() => undefined);
        return onOpenSection("chainabuse");
      case "detectors":
        return checklist.detectors.action === "openList"
          ? openDetectorsTab()
          : openTriageSidebar({ kind: "detector" });
      case "contactExchanges":
        return openTriageSidebar({ kind: "contactExchanges" });
    }
  };
  const onOpenSection = useOpenSection(subject);
  useCommands(
    triageChecklistItems
      .filter((item) => checklist[item].visible && checklist[item].actionEnabled)
      .map((item) => ({
        id: `triage.${checklistCommands[item].id}`,
        title: triageChecklistLabels[item],
        group: "Triage checklist",
        keys: checklistCommands[item].keys,
        run: () => act(item),
      })),
  );

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
                <li key={item} data-item={item} data-completed={entry.completed}>
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
                      : triageChecklistLabels[item]}{" "}
                    {entry.actionEnabled ? (
                      <HotkeyHint id={`triage.${checklistCommands[item].id}`} size="small" />
                    ) : null}
                  </button>
                </li>
              );
            })}
        </ul>
      </section>
      <FlagsPanel urn={urn} />
    </div>
  );
}
