import { useStore } from "@nanostores/react";
import { Button, Dialog, FormControl, Select, Text, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  addCollaborators,
  type Collaborators,
  displayName,
  type GeneralAccess,
  isApiError,
  isSharingSaveDisabled,
  type Member,
  platformMessages,
  type SharingRole,
  type SharingState,
  setCollaboratorRole,
  setGeneralAccess,
  sharingMessages,
  sharingOperations,
  sharingStateFromCollaborators,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { announce, showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import type { CustomEntityDialogProps } from "./customEntityDialogs.ts";
import { customEntityQueries } from "./customEntityQueries.ts";

const generalAccessChoices = [
  { value: "restricted", label: "Restricted: only people invited" },
  { value: "environment:viewer", label: "Everyone in the organization can view" },
  { value: "environment:editor", label: "Everyone in the organization can edit" },
] as const;

function accessValue(access: GeneralAccess): string {
  return access.level === "restricted" ? "restricted" : `environment:${access.role}`;
}

function accessOf(value: string): GeneralAccess {
  return value === "restricted"
    ? { level: "restricted" }
    : { level: "environment", role: value.endsWith("editor") ? "editor" : "viewer" };
}

/**
 * 002 §2 / §4 / §5 / §8 / §9 share dialog (470 wide, the people list scrolls past 202 px): general
 * access, each invited member as viewer, editor or removed, adding members of the organization,
 * copy link. Saving sends the 002 §4 operation list; Save is disabled while nothing changed or no
 * editor is left, and the last editor cannot be demoted or removed.
 */
export function ShareDialog({ uuid, name, onClose }: CustomEntityDialogProps) {
  const collaborators = useQuery(customEntityQueries.collaborators(uuid));
  const members = useQuery(customEntityQueries.members());
  const organizationUuid = collaborators.data?.organizations[0]?.uuid ?? "";
  return (
    <Dialog title={`Share ${name}`} onClose={onClose} width="470px" className="sleuth-share-dialog">
      {collaborators.isPending || members.isPending ? (
        <Text as="p">Loading who it is shared with…</Text>
      ) : collaborators.isError || members.isError ? (
        <InlineMessage variant="critical">{platformMessages.genericPanel}</InlineMessage>
      ) : (
        <ShareForm
          uuid={uuid}
          collaborators={collaborators.data}
          members={members.data}
          organizationUuid={organizationUuid}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ShareForm({
  uuid,
  collaborators,
  members,
  organizationUuid,
  onClose,
}: {
  uuid: string;
  collaborators: Collaborators;
  members: Member[];
  organizationUuid: string;
  onClose: () => void;
}) {
  const [before] = useState(() => sharingStateFromCollaborators(collaborators, organizationUuid));
  const [draft, setDraft] = useState<SharingState>(before);
  const [problem, setProblem] = useState<string | null>(null);
  const [invitee, setInvitee] = useState("");
  const [inviteRole, setInviteRole] = useState<SharingRole>("viewer");
  const firstRef = useRef<HTMLSelectElement>(null);
  // 002 §7: an admin may invite someone new by e-mail (POST /users-organizations), who then joins
  // the draft like any member; their organization role matches the sharing role chosen.
  const admin = useStore($signedIn)?.role === "admin";
  const [inviteEmail, setInviteEmail] = useState("");
  const [invited, setInvited] = useState<Member[]>([]);
  const queryClient = useQueryClient();
  // The form appears once the collaborators loaded; general access is where sharing starts.
  useEffect(() => firstRef.current?.focus(), []);
  const people = new Map<string, { name: string; email: string }>();
  for (const user of collaborators.users)
    people.set(user.uuid, {
      name: displayName({
        email: user.email,
        fullName: null,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
      }),
      email: user.email,
    });
  for (const member of [...members, ...invited])
    people.set(member.uuid, { name: displayName(member), email: member.email });
  const candidates = members.filter((member) => draft.users[member.uuid] === undefined);

  const save = useMutation({
    mutationFn: () => sleuthClient.customEntities.share(uuid, sharingOperations(before, draft)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["customEntities"] });
      showMessage({ variant: "success", title: sharingMessages.updated });
      announce(sharingMessages.updated);
      onClose();
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : sharingMessages.updateFailed),
  });

  const inviteByEmail = useMutation({
    mutationFn: (email: string) => sleuthClient.organizations.invite({ email, role: inviteRole }),
    onSuccess: (answer) => {
      setInvited((list) => [...list, { ...answer.user, role: answer.role }]);
      setDraft((current) => addCollaborators(current, [answer.user.uuid], inviteRole));
      setInviteEmail("");
      void queryClient.invalidateQueries({ queryKey: ["organization", "members"] });
      announce(`${answer.user.email} invited as ${inviteRole}`);
      setProblem(null);
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : "The invitation was not sent."),
  });

  const changeRole = (userUuid: string, role: SharingRole | "remove") => {
    const change = setCollaboratorRole(draft, userUuid, role);
    if (change.ok) {
      setDraft(change.state);
      setProblem(null);
    } else {
      setProblem(change.error);
      announce(change.error);
    }
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/custom-entity/${uuid}`);
      showMessage({ variant: "success", title: sharingMessages.linkCopied });
      announce(sharingMessages.linkCopied);
    } catch {
      showMessage({ variant: "critical", title: sharingMessages.linkCopyFailed });
    }
  };

  return (
    <div className="sleuth-form-stack" data-testid="share-form">
      <FormControl>
        <FormControl.Label>General access</FormControl.Label>
        <Select
          ref={firstRef}
          block
          value={accessValue(draft.generalAccess)}
          onChange={(event) => setDraft(setGeneralAccess(draft, accessOf(event.target.value)))}
        >
          {generalAccessChoices.map((choice) => (
            <Select.Option key={choice.value} value={choice.value}>
              {choice.label}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <section aria-label="People with access">
        <ul className="sleuth-share-people">
          {Object.entries(draft.users).map(([userUuid, role]) => {
            const person = people.get(userUuid) ?? { name: userUuid, email: "" };
            return (
              <li key={userUuid} className="sleuth-share-person">
                <span>
                  <strong>{person.name}</strong>
                  {person.email !== person.name ? (
                    <span className="sleuth-muted"> {person.email}</span>
                  ) : null}
                </span>
                <Select
                  aria-label={`Access of ${person.name}`}
                  value={role}
                  onChange={(event) => changeRole(userUuid, event.target.value as SharingRole | "remove")}
                >
                  <Select.Option value="viewer">Viewer</Select.Option>
                  <Select.Option value="editor">Editor</Select.Option>
                  <Select.Option value="remove">Remove</Select.Option>
                </Select>
              </li>
            );
          })}
        </ul>
      </section>
      <div className="sleuth-share-invite">
        <FormControl>
          <FormControl.Label>Add a member</FormControl.Label>
          <Select value={invitee} onChange={(event) => setInvitee(event.target.value)}>
            <Select.Option value="">Choose a member…</Select.Option>
            {candidates.map((member) => (
              <Select.Option key={member.uuid} value={member.uuid}>
                {`${displayName(member)} (${member.email})`}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>As</FormControl.Label>
          <Select value={inviteRole} onChange={(event) => setInviteRole(event.target.value as SharingRole)}>
            <Select.Option value="viewer">Viewer</Select.Option>
            <Select.Option value="editor">Editor</Select.Option>
          </Select>
        </FormControl>
        <Button
          disabled={invitee === ""}
          onClick={() => {
            setDraft(addCollaborators(draft, [invitee], inviteRole));
            setInvitee("");
          }}
        >
          Add
        </Button>
      </div>
      {admin ? (
        <form
          className="sleuth-share-invite"
          aria-label="Invite by e-mail"
          onSubmit={(event) => {
            event.preventDefault();
            if (inviteEmail.trim() !== "") inviteByEmail.mutate(inviteEmail.trim());
          }}
        >
          <FormControl>
            <FormControl.Label>Or invite by e-mail</FormControl.Label>
            <TextInput
              type="email"
              value={inviteEmail}
              onChange={(event) => setInviteEmail(event.target.value)}
            />
          </FormControl>
          <Button type="submit" disabled={inviteEmail.trim() === ""} loading={inviteByEmail.isPending}>
            Invite
          </Button>
        </form>
      ) : null}
      <div role="alert">{problem ? <InlineMessage variant="critical">{problem}</InlineMessage> : null}</div>
      <div className="sleuth-share-actions">
        <Button onClick={() => void copyLink()}>Copy link</Button>
        <span className="sleuth-spacer" />
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="primary"
          disabled={isSharingSaveDisabled(before, draft)}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
