import { useStore } from "@nanostores/react";
import { Button, FormControl, Heading, Select, Text, TextInput, VisuallyHidden } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { displayName, isApiError, type Member, type Role, roles, storedOrganizationKey } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { announce, showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { ChainFollowerSection } from "./ChainFollowerSection.tsx";
import { ForensicsLicenseSection } from "./ForensicsLicenseSection.tsx";
import { refreshPath } from "./refreshRoute.ts";
import { WebhooksSection } from "./WebhooksSection.tsx";

const membersKey = ["organization", "members"];
/** The fields the page's commands put the focus in. */
const fieldIds = {
  rename: "organization-rename-name",
  invite: "organization-invite-email",
  create: "organization-create-name",
} as const;
const focusField = (id: string) => document.getElementById(id)?.focus();
const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

/**
 * Organization settings: rename or delete the current organization, its members with their roles
 * (change, remove), invite by e-mail (admins; the server refuses others with 403), and create a
 * new organization (000 §5: no uuid in the answer means 'Organization was not created…').
 */
export function OrganizationSettingsPage() {
  const view = useStore($signedIn);
  const admin = view?.role === "admin";
  const group = "Organization";
  useCommands([
    ...(admin
      ? [
          {
            id: "organization.rename",
            title: "Rename this organization…",
            group,
            keys: "e r",
            run: () => focusField(fieldIds.rename),
          },
          {
            id: "organization.invite",
            title: "Invite a member…",
            group,
            keys: "a m",
            keywords: ["add", "member", "e-mail"],
            run: () => focusField(fieldIds.invite),
          },
        ]
      : []),
    {
      id: "organization.create",
      title: "New organization…",
      group,
      keys: "n o",
      keywords: ["create"],
      run: () => focusField(fieldIds.create),
    },
  ]);
  if (!view) return null;
  return (
    <div className="sleuth-page sleuth-settings" data-testid="organization-settings">
      <Heading as="h1" className="sleuth-page-title">
        Organization settings
      </Heading>
      <Text as="p" className="sleuth-muted">
        {view.organization.name}: you are {view.role ?? "not a member"}.
      </Text>
      {admin ? <RenameForm uuid={view.organization.uuid} name={view.organization.name} /> : null}
      <ForensicsLicenseSection licensed={view.organization.hasForensicsLicense} />
      <MembersSection admin={admin} />
      {admin ? <WebhooksSection /> : null}
      {admin ? <ChainFollowerSection /> : null}
      <CreateOrganizationForm />
      {admin ? <DeleteOrganization uuid={view.organization.uuid} name={view.organization.name} /> : null}
    </div>
  );
}

function RenameForm({ uuid, name }: { uuid: string; name: string }) {
  const [value, setValue] = useState(name);
  const rename = useMutation({
    mutationFn: () => sleuthClient.organizations.update(uuid, { name: value }),
    onSuccess: (organization) => {
      announce(`Renamed to ${organization.name}`);
      // The session holds the organization's name; reload it through the refresh route.
      window.location.assign(refreshPath(window.location.pathname));
    },
  });
  return (
    <form
      className="sleuth-settings-section"
      aria-label="Rename"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        rename.mutate();
      }}
    >
      <FormControl id={fieldIds.rename}>
        <FormControl.Label>Organization name</FormControl.Label>
        <TextInput value={value} onChange={(event) => setValue(event.target.value)} />
      </FormControl>
      <Button type="submit" loading={rename.isPending} disabled={value.trim() === "" || value === name}>
        Rename
      </Button>
      {rename.isError ? <InlineMessage variant="critical">{messageOf(rename.error)}</InlineMessage> : null}
    </form>
  );
}

function MembersSection({ admin }: { admin: boolean }) {
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: membersKey,
    queryFn: () => sleuthClient.organizations.members({ includeMemberStrategies: true }),
  });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const done = (text: string) => {
    void queryClient.invalidateQueries({ queryKey: membersKey });
    showMessage({ variant: "success", title: text });
    announce(text);
  };
  const invite = useMutation({
    mutationFn: (body: { email: string; role: Role }) => sleuthClient.organizations.invite(body),
    onSuccess: (answer) => {
      setEmail("");
      done(`${answer.user.email} is now ${answer.role}`);
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: Role }) =>
      sleuthClient.organizations.changeRole(member.uuid, { role }),
    onSuccess: (changed) => {
      // The role menu shows the answer at once, not the old role until the list is read again.
      queryClient.setQueryData<Member[]>(membersKey, (list) =>
        list?.map((member) => (member.uuid === changed.uuid ? { ...member, role: changed.role } : member)),
      );
      done(`${changed.email} is now ${changed.role}`);
    },
    onError: (error) => showMessage({ variant: "critical", title: messageOf(error) }),
  });
  const remove = useMutation({
    mutationFn: (member: Member) => sleuthClient.organizations.removeMember(member.uuid),
    onSuccess: (_, member) => done(`Removed ${member.email}`),
    onError: (error) => showMessage({ variant: "critical", title: messageOf(error) }),
  });
  return (
    <section className="sleuth-settings-section" aria-labelledby="members-heading">
      <Heading as="h2" id="members-heading" className="sleuth-section-title">
        Members
      </Heading>
      {members.isPending ? (
        <Text as="p">Loading members…</Text>
      ) : members.isError ? (
        <InlineMessage variant="critical">{messageOf(members.error)}</InlineMessage>
      ) : (
        <table className="sleuth-table" aria-label="Members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.uuid}>
                <td>{displayName(member)}</td>
                <td>{member.email}</td>
                <td>
                  {admin ? (
                    <Select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => changeRole.mutate({ member, role: event.target.value as Role })}
                    >
                      {roles.map((choice) => (
                        <Select.Option key={choice} value={choice}>
                          {choice}
                        </Select.Option>
                      ))}
                    </Select>
                  ) : (
                    member.role
                  )}
                </td>
                <td>
                  {admin ? (
                    <Button
                      size="small"
                      variant="danger"
                      aria-label={`Remove ${member.email}`}
                      onClick={() => remove.mutate(member)}
                    >
                      Remove
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin ? (
        <form
          className="sleuth-inline-form"
          aria-label="Invite"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            invite.mutate({ email, role });
          }}
        >
          <FormControl id={fieldIds.invite}>
            <FormControl.Label>Invite by e-mail</FormControl.Label>
            <TextInput type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormControl>
          <FormControl>
            <FormControl.Label>Role</FormControl.Label>
            <Select value={role} onChange={(event) => setRole(event.target.value as Role)}>
              {roles.map((choice) => (
                <Select.Option key={choice} value={choice}>
                  {choice}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" loading={invite.isPending} disabled={email.trim() === ""}>
            Invite
          </Button>
        </form>
      ) : (
        <Text as="p" className="sleuth-muted">
          Only an admin can invite, change roles or remove members.
        </Text>
      )}
      <div role="alert">
        {invite.isError ? <InlineMessage variant="critical">{messageOf(invite.error)}</InlineMessage> : null}
      </div>
    </section>
  );
}

function CreateOrganizationForm() {
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => sleuthClient.organizations.create({ name }),
    onSuccess: (organization) => {
      announce(`Created ${organization.name}; switching to it`);
      // The new organization becomes the stored one (000 §4) and the console reloads into it.
      try {
        window.localStorage.setItem(storedOrganizationKey, organization.uuid);
      } catch {
        // 002 §8: storage errors are ignored; the console then reloads into the previous one.
      }
      window.location.assign(refreshPath(window.location.pathname));
    },
  });
  return (
    <form
      className="sleuth-settings-section"
      aria-label="Create organization"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Heading as="h2" className="sleuth-section-title">
        New organization
      </Heading>
      <FormControl id={fieldIds.create}>
        <FormControl.Label>New organization name</FormControl.Label>
        <TextInput value={name} onChange={(event) => setName(event.target.value)} />
      </FormControl>
      <Button type="submit" loading={create.isPending} disabled={name.trim() === ""}>
        Create organization
      </Button>
      <div role="alert">
        {create.isError ? <InlineMessage variant="critical">{messageOf(create.error)}</InlineMessage> : null}
      </div>
    </form>
  );
}

function DeleteOrganization({ uuid, name }: { uuid: string; name: string }) {
  const [confirm, setConfirm] = useState("");
  const remove = useMutation({
    mutationFn: () => sleuthClient.organizations.remove(uuid),
    onSuccess: () => window.location.assign("/"),
  });
  return (
    <form
      className="sleuth-settings-section"
      aria-label="Delete organization"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (confirm === name) remove.mutate();
      }}
    >
      <Heading as="h2" className="sleuth-section-title">
        Delete organization
      </Heading>
      <FormControl>
        <FormControl.Label>Type {name} to delete it and everything in it</FormControl.Label>
        <TextInput value={confirm} onChange={(event) => setConfirm(event.target.value)} />
      </FormControl>
      <Button type="submit" variant="danger" disabled={confirm !== name} loading={remove.isPending}>
        Delete organization
      </Button>
      {remove.isError ? <InlineMessage variant="critical">{messageOf(remove.error)}</InlineMessage> : null}
    </form>
  );
}
