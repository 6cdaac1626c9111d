import { z } from "zod";
import {
  type Collaborators,
  type SharingOperation,
  type SharingRole,
  sharingRoleSchema,
} from "./collaborators.ts";
import { sharingMessages } from "./sharingMessages.ts";

/**
 * The share dialog's draft: each user's single role, keyed by user uuid, and the organisation-wide access.
 * A user holds exactly one role; a user with both relations on the server is read as an editor.
 */
export const sharingStateSchema = z.object({
  organizationUuid: z.string(),
  users: z.record(z.string(), sharingRoleSchema),
  generalAccess: z.discriminatedUnion("level", [
    z.object({ level: z.literal("restricted") }),
    z.object({ level: z.literal("environment"), role: sharingRoleSchema }),
  ]),
});
export type SharingState = z.infer<typeof sharingStateSchema>;
export type GeneralAccess = SharingState["generalAccess"];

// Sharing subjects follow the chains/ URN scheme (urn:sleuth:{kind}:{id}); users and organisations are
// subjects only here, so their kinds are not part of parseUrn.

/** The subject of a sharing operation that names one user. */
export function userSubjectUrn(userUuid: string): string {
  return `urn:sleuth:user:${userUuid}`;
}

/** The subject of a sharing operation that names a whole organisation (environment access). */
export function organizationSubjectUrn(organizationUuid: string): string {
  return `urn:sleuth:organization:${organizationUuid}`;
}

function roleOf(relations: readonly SharingRole[]): SharingRole | null {
  if (relations.includes("editor")) return "editor";
  return relations.includes("viewer") ? "viewer" : null;
}

/** Reads the collaborators response into the dialog's draft; users without any relation are left out. */
export function sharingStateFromCollaborators(
  collaborators: Collaborators,
  organizationUuid: string,
): SharingState {
  const users: Record<string, SharingRole> = {};
  for (const user of collaborators.users) {
    const role = roleOf(user.relations);
    if (role !== null) users[user.uuid] = role;
  }
  const organizationRole = roleOf(
    collaborators.organizations.find((organization) => organization.uuid === organizationUuid)?.relations ??
      [],
  );
  const generalAccess: GeneralAccess =
    collaborators.general_access === "environment"
      ? { level: "environment", role: organizationRole ?? "viewer" }
      : { level: "restricted" };
  return { organizationUuid, users, generalAccess };
}

/**
 * 002 §6: at least one editor is always required. Only named users count: organisation-wide editor
 * access does not, because nobody would then be accountable for the custom entity.
 */
export function hasAtLeastOneEditor(state: SharingState): boolean {
  return Object.values(state.users).includes("editor");
}

export type SharingChange = { ok: true; state: SharingState } | { ok: false; error: string };

/**
 * 002 §5: change one user's role, or remove the user. Demoting or removing the last editor is refused with
 * the spec's message and leaves the draft as it was.
 */
export function setCollaboratorRole(
  state: SharingState,
  userUuid: string,
  role: SharingRole | "remove",
): SharingChange {
  const users = { ...state.users };
  if (role === "remove") delete users[userUuid];
  else users[userUuid] = role;
  const next = { ...state, users };
  if (state.users[userUuid] === "editor" && !hasAtLeastOneEditor(next)) {
    return { ok: false, error: sharingMessages.lastEditor };
  }
  return { ok: true, state: next };
}

/** Invites users with one role; users already in the draft keep their role. */
export function addCollaborators(
  state: SharingState,
  userUuids: readonly string[],
  role: SharingRole,
): SharingState {
  const users = { ...state.users };
  for (const uuid of userUuids) users[uuid] ??= role;
  return { ...state, users };
}

export function setGeneralAccess(state: SharingState, generalAccess: GeneralAccess): SharingState {
  return { ...state, generalAccess };
}

function organizationRole(state: SharingState): SharingRole | null {
  return state.generalAccess.level === "environment" ? state.generalAccess.role : null;
}

function operation(op: SharingOperation["op"], value: SharingRole, subjectUrn: string): SharingOperation {
  return { op, path: "relation", value, context: { subjectUrn } };
}

function subjectOperations(
  before: SharingRole | null,
  after: SharingRole | null,
  subjectUrn: string,
): SharingOperation[] {
  if (before === after) return [];
  const operations: SharingOperation[] = [];
  // 002 §4: a changed role is a remove followed by an add.
  if (before !== null) operations.push(operation("remove", before, subjectUrn));
  if (after !== null) operations.push(operation("add", after, subjectUrn));
  return operations;
}

/**
 * 002 §4: the operations that turn `before` into `after`: a new user is an add, a removed user a remove,
 * a changed role a remove then an add. Users come in the order of `before`, then the new ones; the
 * organisation-wide access comes last.
 */
export function sharingOperations(before: SharingState, after: SharingState): SharingOperation[] {
  const uuids = [...new Set([...Object.keys(before.users), ...Object.keys(after.users)])];
  const operations = uuids.flatMap((uuid) =>
    subjectOperations(before.users[uuid] ?? null, after.users[uuid] ?? null, userSubjectUrn(uuid)),
  );
  operations.push(
    ...subjectOperations(
      organizationRole(before),
      organizationRole(after),
      organizationSubjectUrn(after.organizationUuid),
    ),
  );
  return operations;
}

/** 002 §5: Save is disabled when nothing changed, and while the draft has no editor. */
export function isSharingSaveDisabled(before: SharingState, after: SharingState): boolean {
  return sharingOperations(before, after).length === 0 || !hasAtLeastOneEditor(after);
}

/**
 * Applies operations to a draft, as the server does to its relations. Used to check that
 * `sharingOperations` is exact, and by the server to apply a PATCH.
 */
export function applySharingOperations(
  state: SharingState,
  operations: readonly SharingOperation[],
): SharingState {
  const users = { ...state.users };
  let generalAccess = state.generalAccess;
  const organizationUrn = organizationSubjectUrn(state.organizationUuid);
  const userPrefix = userSubjectUrn("");
  for (const { op, value, context } of operations) {
    if (context.subjectUrn === organizationUrn) {
      if (op === "add") generalAccess = { level: "environment", role: value };
      else if (organizationRole({ ...state, generalAccess }) === value)
        generalAccess = { level: "restricted" };
    } else if (context.subjectUrn.startsWith(userPrefix)) {
      const uuid = context.subjectUrn.slice(userPrefix.length);
      if (op === "add") users[uuid] = value;
      else if (users[uuid] === value) delete users[uuid];
    }
  }
  return { ...state, users, generalAccess };
}
