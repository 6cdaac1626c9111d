import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { collaboratorsSchema, type SharingRole, sharingOperationsSchema } from "./collaborators.ts";
import { sharingMessages } from "./sharingMessages.ts";
import {
  addCollaborators,
  applySharingOperations,
  isSharingSaveDisabled,
  organizationSubjectUrn,
  type SharingState,
  setCollaboratorRole,
  setGeneralAccess,
  sharingOperations,
  sharingStateFromCollaborators,
  userSubjectUrn,
} from "./sharingState.ts";

const org = "org-1";
const state = (users: Record<string, SharingRole>): SharingState => ({
  organizationUuid: org,
  users,
  generalAccess: { level: "restricted" },
});

describe("002 §4 sharing diff", () => {
  test("002 §4 sharing changed role is a remove then an add", () => {
    const operations = sharingOperations(state({ ann: "viewer" }), state({ ann: "editor" }));
    expect(operations).toEqual([
      { op: "remove", path: "relation", value: "viewer", context: { subjectUrn: userSubjectUrn("ann") } },
      { op: "add", path: "relation", value: "editor", context: { subjectUrn: userSubjectUrn("ann") } },
    ]);
    expect(sharingOperationsSchema.parse(operations)).toEqual(operations);
  });

  test("002 §4 sharing new user is an add and removed user a remove", () => {
    const operations = sharingOperations(
      state({ ann: "editor", bob: "viewer" }),
      state({ ann: "editor", cy: "viewer" }),
    );
    expect(operations.map(({ op, value, context }) => [op, value, context.subjectUrn])).toEqual([
      ["remove", "viewer", userSubjectUrn("bob")],
      ["add", "viewer", userSubjectUrn("cy")],
    ]);
  });

  test("002 §4 sharing general access environment is an operation on the organisation", () => {
    const before = state({ ann: "editor" });
    const toViewer = setGeneralAccess(before, { level: "environment", role: "viewer" });
    expect(sharingOperations(before, toViewer)).toEqual([
      { op: "add", path: "relation", value: "viewer", context: { subjectUrn: organizationSubjectUrn(org) } },
    ]);
    const toEditor = setGeneralAccess(toViewer, { level: "environment", role: "editor" });
    expect(sharingOperations(toViewer, toEditor).map((o) => [o.op, o.value])).toEqual([
      ["remove", "viewer"],
      ["add", "editor"],
    ]);
    expect(sharingOperations(toEditor, before).map((o) => [o.op, o.value])).toEqual([["remove", "editor"]]);
  });

  const role = fc.constantFrom<SharingRole>("viewer", "editor");
  const users = fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e"), role);
  const access = fc.oneof(
    fc.constant({ level: "restricted" as const }),
    role.map((r) => ({ level: "environment" as const, role: r })),
  );
  const draft = fc.record({ organizationUuid: fc.constant(org), users, generalAccess: access });

  test("002 §4 sharing diff applied to the original gives the edited draft", () => {
    fc.assert(
      fc.property(draft, draft, (before, after) => {
        expect(applySharingOperations(before, sharingOperations(before, after))).toEqual(after);
      }),
    );
  });

  test("002 §4 sharing diff is empty exactly when nothing changed and never repeats a subject's add", () => {
    fc.assert(
      fc.property(draft, draft, (before, after) => {
        const operations = sharingOperations(before, after);
        expect(operations.length === 0).toBe(sameDraft(before, after));
        const adds = operations.filter((o) => o.op === "add").map((o) => o.context.subjectUrn);
        expect(new Set(adds).size).toBe(adds.length);
        for (const [index, o] of operations.entries()) {
          // a remove for a subject always precedes its add
          if (o.op === "add") {
            const laterRemove = operations
              .slice(index + 1)
              .some((later) => later.op === "remove" && later.context.subjectUrn === o.context.subjectUrn);
            expect(laterRemove).toBe(false);
          }
        }
      }),
    );
  });
});

function sameDraft(a: SharingState, b: SharingState): boolean {
  const keys = new Set([...Object.keys(a.users), ...Object.keys(b.users)]);
  return (
    [...keys].every((key) => a.users[key] === b.users[key]) &&
    JSON.stringify(a.generalAccess) === JSON.stringify(b.generalAccess)
  );
}

describe("002 §5 sharing rules", () => {
  test("002 §5 sharing keeps atleast one editor", () => {
    const draft = state({ ann: "editor", bob: "viewer" });
    expect(setCollaboratorRole(draft, "ann", "viewer")).toEqual({
      ok: false,
      error: "There should be atleast one editor for the custom entity.",
    });
    expect(setCollaboratorRole(draft, "ann", "remove")).toEqual({
      ok: false,
      error: sharingMessages.lastEditor,
    });
    const promoted = setCollaboratorRole(draft, "bob", "editor");
    expect(promoted.ok).toBe(true);
    if (promoted.ok) expect(setCollaboratorRole(promoted.state, "ann", "remove").ok).toBe(true);
  });

  test("002 §5 sharing no change of role ever leaves an editorless draft", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("a", "b", "c"), fc.constantFrom<SharingRole>("viewer", "editor")),
        fc.constantFrom("a", "b", "c"),
        fc.constantFrom<SharingRole | "remove">("viewer", "editor", "remove"),
        (users, uuid, role) => {
          const draft = state(users);
          const change = setCollaboratorRole(draft, uuid, role);
          const hadEditor = Object.values(users).includes("editor");
          if (change.ok && hadEditor) expect(Object.values(change.state.users)).toContain("editor");
        },
      ),
    );
  });

  test("002 §5 sharing save is disabled when nothing changed", () => {
    const draft = state({ ann: "editor" });
    expect(isSharingSaveDisabled(draft, draft)).toBe(true);
    expect(isSharingSaveDisabled(draft, addCollaborators(draft, ["bob"], "viewer"))).toBe(false);
    expect(isSharingSaveDisabled(draft, addCollaborators(draft, ["ann"], "viewer"))).toBe(true);
  });

  test("002 §5 sharing messages are the spec's words", () => {
    expect(sharingMessages).toEqual({
      lastEditor: "There should be atleast one editor for the custom entity.",
      updateFailed: "Failed to update sharing settings. Please try again.",
      updated: "Sharing settings updated successfully",
      linkCopied: "Link copied to clipboard",
      linkCopyFailed: "Failed to copy link",
    });
  });
});

describe("002 §3 collaborators", () => {
  test("002 §3 collaborators read into a draft with the organisation's role", () => {
    const collaborators = collaboratorsSchema.parse({
      users: [
        {
          id: "1",
          uuid: "ann",
          email: "ann@x.org",
          firstName: "Ann",
          lastName: "Lee",
          roleInParentOrg: "admin",
          relations: ["editor", "viewer"],
        },
        { id: "2", uuid: "bob", email: "bob@x.org", relations: ["viewer"] },
        { id: "3", uuid: "cy", email: "cy@x.org", relations: [] },
      ],
      organizations: [{ uuid: org, relations: ["editor"] }],
      general_access: "environment",
    });
    expect(sharingStateFromCollaborators(collaborators, org)).toEqual({
      organizationUuid: org,
      users: { ann: "editor", bob: "viewer" },
      generalAccess: { level: "environment", role: "editor" },
    });
    expect(() =>
      collaboratorsSchema.parse({ users: [], organizations: [], general_access: "public" }),
    ).toThrow();
  });
});
