import { describe, expect, test } from "vitest";
import {
  nextTriageProgress,
  readTriageProgress,
  type TriageChecklistFacts,
  type TriageProgress,
  type TriageProgressEvent,
  triageChecklist,
  updateTriageProgress,
} from "./triageProgress.ts";

const facts = (overrides: Partial<TriageChecklistFacts> = {}): TriageChecklistFacts => ({
  progress: {},
  hasFlag: false,
  hasOwnInterest: false,
  interestCount: 0,
  victimReportCount: 0,
  detectorCount: 0,
  features: {
    flagToPrivateSector: true,
    indicateInterest: true,
    hideExchangeActions: false,
    hideDetectorActions: false,
  },
  ...overrides,
});
const run = (events: TriageProgressEvent[], start: TriageProgress = {}) =>
  events.reduce(nextTriageProgress, start);

describe("002 §4 triage action progress", () => {
  test("002 §4 escalate completes on escalation and can be toggled only after it", () => {
    expect(triageChecklist(facts()).escalate).toMatchObject({ completed: false, checkboxEnabled: false });
    expect(run([{ type: "toggled", item: "escalate" }])).toEqual({});
    const escalated = run([{ type: "escalated" }]);
    expect(triageChecklist(facts({ progress: escalated })).escalate).toMatchObject({
      completed: true,
      checkboxEnabled: true,
    });
    expect(run([{ type: "toggled", item: "escalate" }], escalated)).toEqual({ escalate: false });
  });

  test("002 §4 flag to private sector completes with a flag and resets when it is removed", () => {
    const flagged = run([{ type: "flagCreated" }]);
    expect(triageChecklist(facts({ progress: flagged })).flagToPrivateSector.completed).toBe(true);
    expect(triageChecklist(facts({ hasFlag: true })).flagToPrivateSector.completed).toBe(true);
    const removed = run([{ type: "flagRemoved" }], flagged);
    expect(removed).toEqual({});
    expect(triageChecklist(facts({ progress: removed })).flagToPrivateSector.completed).toBe(false);
  });

  test("002 §4 indicate interest completes when the user has an interest", () => {
    expect(
      triageChecklist(facts({ hasOwnInterest: true, interestCount: 1 })).indicateInterest.completed,
    ).toBe(true);
    expect(triageChecklist(facts()).indicateInterest.completed).toBe(false);
  });

  test("002 §4 contact investigators needs an interest, hides when only the user's own, unlocks after viewing", () => {
    expect(triageChecklist(facts()).contactInvestigators).toMatchObject({
      visible: true,
      actionEnabled: false,
    });
    expect(
      triageChecklist(facts({ hasOwnInterest: true, interestCount: 1 })).contactInvestigators.visible,
    ).toBe(false);
    const others = facts({ hasOwnInterest: true, interestCount: 3 });
    expect(triageChecklist(others).contactInvestigators).toMatchObject({
      visible: true,
      actionEnabled: true,
      checkboxEnabled: false,
    });
    const viewed = run([{ type: "interestsViewed" }, { type: "toggled", item: "contactInvestigators" }]);
    expect(triageChecklist({ ...others, progress: viewed }).contactInvestigators).toMatchObject({
      checkboxEnabled: true,
      completed: true,
    });
  });

  test("002 §4 view victim reports is hidden without reports and unlocks after opening them", () => {
    expect(triageChecklist(facts()).viewVictimReports.visible).toBe(false);
    const opened = run([{ type: "victimReportsOpened" }]);
    expect(
      triageChecklist(facts({ victimReportCount: 2, progress: opened })).viewVictimReports,
    ).toMatchObject({
      visible: true,
      checkboxEnabled: true,
      completed: false,
    });
  });

  test("002 §4 monitor detector completes when any detector exists and opens the list then", () => {
    expect(triageChecklist(facts()).detectors).toMatchObject({ completed: false, action: "create" });
    expect(triageChecklist(facts({ detectorCount: 2 })).detectors).toMatchObject({
      completed: true,
      action: "openList",
    });
  });

  test("002 §6 feature flags hide flagging, interest and exchange and detector actions", () => {
    const checklist = triageChecklist(
      facts({
        interestCount: 2,
        features: {
          flagToPrivateSector: false,
          indicateInterest: false,
          hideExchangeActions: true,
          hideDetectorActions: true,
        },
      }),
    );
    expect(
      [
        checklist.flagToPrivateSector,
        checklist.indicateInterest,
        checklist.contactInvestigators,
        checklist.contactExchanges,
        checklist.detectors,
      ].map((entry) => entry.visible),
    ).toEqual([false, false, false, false, false]);
  });

  test("002 §4 contact exchanges unlocks after viewing an exchange's contact", () => {
    const viewed = run([{ type: "exchangeContactViewed" }, { type: "toggled", item: "contactExchanges" }]);
    expect(triageChecklist(facts({ progress: viewed })).contactExchanges).toMatchObject({
      completed: true,
      checkboxEnabled: true,
    });
  });

  test("002 §4 progress is stored per address in local storage", () => {
    const urn = "urn:sleuth:address:ethereum:0xab";
    const store = updateTriageProgress({}, urn, { type: "escalated" });
    expect(readTriageProgress(JSON.stringify(store))).toEqual({ [urn]: { escalate: true } });
    expect(readTriageProgress("nope")).toEqual({});
    expect(readTriageProgress(JSON.stringify({ [urn]: { escalate: "yes" }, other: {} }))).toEqual({
      other: {},
    });
  });
});
