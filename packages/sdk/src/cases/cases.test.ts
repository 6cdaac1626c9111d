import { describe, expect, test } from "vitest";
import { addressChainUrn } from "../chains/urn.ts";
import { canCreateCase, caseSchema, createCaseResponseSchema, newCaseSchema } from "./caseRecord.ts";
import {
  caseRelatableTarget,
  caseRelatableUrnSchema,
  flagRelatableUrn,
  graphRelatableUrn,
} from "./caseRelatables.ts";
import { canEscalate, escalatePayloadSchema, escalationCases, notifyTargets } from "./escalation.ts";
import { parseNotifyTargetList, setEscalationNotifyTargetsRequestSchema } from "./notifyTargetsWire.ts";

const members = [
  { uuid: "u-ann", email: "Ann@Example.org", fullName: "Ann Lee" },
  { uuid: "u-bob", email: "bob@example.org", fullName: "Bob Ray" },
];

describe("002 §5 new case", () => {
  test("002 §5 new case name must be non-empty", () => {
    expect(canCreateCase("  ")).toBe(false);
    expect(canCreateCase("Ransomware")).toBe(true);
    expect(newCaseSchema.safeParse({ name: " ", isSharedWithOrg: true }).success).toBe(false);
    expect(newCaseSchema.parse({ name: " Ransomware ", isSharedWithOrg: true }).name).toBe("Ransomware");
    expect(createCaseResponseSchema.parse({ data: { id: 42 } }).data.id).toBe("42");
  });

  test("000 §3 case has id, owner, sharing and optional relatables and notes", () => {
    const parsed = caseSchema.parse({ id: 7, name: "A", ownerUserId: 3, isSharedWithOrg: false });
    expect(parsed).toEqual({ id: "7", name: "A", ownerUserId: "3", isSharedWithOrg: false });
    expect(caseSchema.safeParse({ id: 7, name: "A" }).success).toBe(false);
  });
});

describe("002 §5 escalate", () => {
  test("002 §5 escalate offers only cases shared with the organisation", () => {
    const cases = [
      { id: "1", name: "Mine", isSharedWithOrg: false },
      { id: "2", name: "Team", isSharedWithOrg: true },
    ];
    expect(escalationCases(cases).map((item) => item.id)).toEqual(["2"]);
  });

  test("002 §5 escalate needs a case and at least one person", () => {
    expect(canEscalate({ caseId: null, assignToUserUuids: ["u-ann"] })).toBe(false);
    expect(canEscalate({ caseId: "2", assignToUserUuids: [] })).toBe(false);
    expect(canEscalate({ caseId: "2", assignToUserUuids: ["u-ann"] })).toBe(true);
  });

  test("002 §5 escalate names e-mails not in the organisation and assigns only matched users", () => {
    const targets = notifyTargets(members, ["ann@example.org", "eve@elsewhere.net", "zed@elsewhere.net"]);
    expect(targets.options.map((member) => member.uuid)).toEqual(["u-ann"]);
    expect(targets.missingEmails).toEqual(["eve@elsewhere.net", "zed@elsewhere.net"]);
    expect(targets.error).toBe(
      "These e-mails are not in your organisation: eve@elsewhere.net, zed@elsewhere.net",
    );
  });

  test("002 §6 a single restricted notify target is preselected and locked", () => {
    expect(notifyTargets(members, ["bob@example.org"])).toMatchObject({
      preselected: ["u-bob"],
      locked: true,
      error: null,
    });
    expect(notifyTargets(members)).toMatchObject({ options: members, preselected: [], locked: false });
    expect(notifyTargets(members, ["bob@example.org", "ann@example.org"]).locked).toBe(false);
  });

  test("002 §7 escalate payload", () => {
    const payload = {
      assignToUserUuids: ["u-ann"],
      alias: "Suspect wallet",
      caseId: "2",
      customNote: "",
      trmUrn: addressChainUrn("ethereum", `0x${"ab".repeat(20)}`),
    };
    expect(escalatePayloadSchema.parse(payload)).toEqual(payload);
    expect(escalatePayloadSchema.safeParse({ ...payload, assignToUserUuids: [] }).success).toBe(false);
    expect(escalatePayloadSchema.safeParse({ ...payload, trmUrn: "nope" }).success).toBe(false);
  });
});

describe("000 §3 case relatables: elements, graphs and flags", () => {
  const uuid = "6f1c1a0e-2d4b-4c8e-9a57-0b3f7d2e9c11";
  test("a graph or a flag is named by its uuid; an element by its 000 §5 URN", () => {
    const address = addressChainUrn("ethereum", `0x${"ab".repeat(20)}`);
    expect(caseRelatableTarget(graphRelatableUrn(uuid.toUpperCase()))).toEqual({ kind: "graph", uuid });
    expect(caseRelatableTarget(flagRelatableUrn(uuid))).toEqual({ kind: "flag", uuid });
    expect(caseRelatableTarget(address)).toEqual({ kind: "element" });
    for (const urn of [address, graphRelatableUrn(uuid), flagRelatableUrn(uuid)]) {
      expect(caseRelatableUrnSchema.safeParse(urn).success, urn).toBe(true);
    }
    for (const urn of [
      "urn:sleuth:graph:nope",
      `urn:sleuth:user-attribution:${uuid}x`,
      "urn:sleuth:case:1",
    ]) {
      expect(caseRelatableUrnSchema.safeParse(urn).success, urn).toBe(false);
    }
  });
});

describe("002 §6 restricted notify targets", () => {
  test("a typed list is split on commas and lines; e-mails are kept in lower case; empty lifts it", () => {
    expect(parseNotifyTargetList(" Ann@Example.org,\nbob@example.org , ")).toEqual([
      "Ann@Example.org",
      "bob@example.org",
    ]);
    expect(setEscalationNotifyTargetsRequestSchema.parse({ emails: ["Ann@Example.org"] })).toEqual({
      emails: ["ann@example.org"],
    });
    expect(setEscalationNotifyTargetsRequestSchema.parse({ emails: null })).toEqual({ emails: null });
    expect(setEscalationNotifyTargetsRequestSchema.safeParse({ emails: [] }).success).toBe(false);
    expect(setEscalationNotifyTargetsRequestSchema.safeParse({ emails: ["nope"] }).success).toBe(false);
  });
});
