import { useStore } from "@nanostores/react";
import { Button, FormControl, Heading, Select, Text, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { formatUtc, isApiError, type OperatorNetwork, type OperatorOrganization } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { announce } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { refreshPath } from "./refreshRoute.ts";

// The credential lives for the tab only: it is the instance's key, not the user's.
const credentialKey = "sleuth.operatorCredential";
const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

function storedCredential(): string {
  try {
    return sessionStorage.getItem(credentialKey) ?? "";
  } catch {
    return "";
  }
}

/**
 * Issue 40: the instance operator's page. Nothing shows until the operator's credential
 * (SLEUTH_OPERATOR_TOKEN on the server) is entered and the server accepts it; then the licences of
 * every organization, the collaboration networks (001 §2 / §7) and the law-enforcement suggestions
 * to review (002 §2).
 */
export function OperatorPage() {
  const [credential, setCredential] = useState(storedCredential);
  const [typed, setTyped] = useState("");
  const operator = credential ? sleuthClient.operator(credential) : null;
  const organizations = useQuery({
    queryKey: ["operator", "organizations", credential],
    queryFn: () => operator!.organizations(),
    enabled: Boolean(operator),
    retry: false,
  });
  const unlock = (event: FormEvent) => {
    event.preventDefault();
    try {
      sessionStorage.setItem(credentialKey, typed);
    } catch {
      // kept in memory only
    }
    setCredential(typed);
    setTyped("");
  };
  const lock = () => {
    try {
      sessionStorage.removeItem(credentialKey);
    } catch {
      // nothing stored
    }
    setCredential("");
  };
  const unlocked = operator && organizations.isSuccess;
  return (
    <div className="sleuth-page sleuth-settings" data-testid="operator-page">
      <Heading as="h1" className="sleuth-page-title">
        Instance operator
      </Heading>
      {!unlocked ? (
        <form className="sleuth-settings-section" aria-label="Operator credential" onSubmit={unlock}>
          <Text as="p" className="sleuth-muted">
            Licences and collaboration networks belong to whoever runs this instance. Enter the operator
            credential set on the server (SLEUTH_OPERATOR_TOKEN).
          </Text>
          <FormControl id="operator-credential">
            <FormControl.Label>Operator credential</FormControl.Label>
            <TextInput
              type="password"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </FormControl>
          <Button type="submit" disabled={typed === ""} loading={organizations.isFetching}>
            Unlock
          </Button>
          <div role="alert">
            {organizations.isError ? (
              <InlineMessage variant="critical">{messageOf(organizations.error)}</InlineMessage>
            ) : null}
          </div>
        </form>
      ) : (
        <>
          <Button onClick={lock}>Lock the operator page</Button>
          <LicencesSection operator={operator} organizations={organizations.data} />
          <NetworksSection operator={operator} organizations={organizations.data} />
          <SuggestionsSection operator={operator} />
        </>
      )}
    </div>
  );
}

type Operator = ReturnType<typeof sleuthClient.operator>;

function LicencesSection({
  operator,
  organizations,
}: {
  operator: Operator;
  organizations: OperatorOrganization[];
}) {
  const queryClient = useQueryClient();
  const current = useStore($signedIn)?.organization.uuid;
  const change = useMutation({
    mutationFn: (org: OperatorOrganization) =>
      operator.setForensicsLicense(org.uuid, !org.hasForensicsLicense),
    onSuccess: (org) => {
      announce(`${org.name}: forensics licence ${org.hasForensicsLicense ? "on" : "off"}`);
      void queryClient.invalidateQueries({ queryKey: ["operator", "organizations"] });
      // The session holds the current organization's licence: reload it when that one changed.
      if (org.uuid === current) window.location.assign(refreshPath(window.location.pathname));
    },
  });
  return (
    <section className="sleuth-settings-section" aria-labelledby="operator-licences">
      <Heading as="h2" id="operator-licences" className="sleuth-section-title">
        Forensics licences
      </Heading>
      <table className="sleuth-table" aria-label="Organizations">
        <thead>
          <tr>
            <th scope="col">Organization</th>
            <th scope="col">Members</th>
            <th scope="col">Forensics licence</th>
          </tr>
        </thead>
        <tbody>
          {organizations.map((org) => (
            <tr key={org.uuid}>
              <td>{org.name}</td>
              <td>{org.memberCount}</td>
              <td>
                <Button
                  size="small"
                  aria-label={`Turn the forensics licence ${org.hasForensicsLicense ? "off" : "on"} for ${org.name}`}
                  onClick={() => change.mutate(org)}
                >
                  {org.hasForensicsLicense ? "On: turn off" : "Off: turn on"}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div role="alert">
        {change.isError ? <InlineMessage variant="critical">{messageOf(change.error)}</InlineMessage> : null}
      </div>
    </section>
  );
}

function NetworksSection({
  operator,
  organizations,
}: {
  operator: Operator;
  organizations: OperatorOrganization[];
}) {
  const queryClient = useQueryClient();
  const networks = useQuery({ queryKey: ["operator", "networks"], queryFn: () => operator.networks() });
  const [name, setName] = useState("");
  const [runBy, setRunBy] = useState(organizations[0]?.uuid ?? "");
  const [target, setTarget] = useState({ network: "", organization: organizations[0]?.uuid ?? "" });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["operator", "networks"] });
  const create = useMutation({
    mutationFn: () => operator.createNetwork({ name: name.trim(), organization: runBy }),
    onSuccess: (network: OperatorNetwork) => {
      announce(`Network ${network.name} created`);
      setName("");
      refresh();
    },
  });
  const join = useMutation({
    mutationFn: () => operator.addToNetwork(target.network, target.organization),
    onSuccess: (network: OperatorNetwork) => {
      announce(`${network.name} now holds ${network.organizations.map((org) => org.name).join(", ")}`);
      refresh();
    },
  });
  const list = networks.data ?? [];
  return (
    <section className="sleuth-settings-section" aria-labelledby="operator-networks">
      <Heading as="h2" id="operator-networks" className="sleuth-section-title">
        Collaboration networks
      </Heading>
      {networks.isPending ? (
        <Text as="p">Loading networks…</Text>
      ) : list.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          No networks yet.
        </Text>
      ) : (
        <ul aria-label="Networks">
          {list.map((network) => (
            <li key={network.uuid}>
              <strong>{network.name}</strong>: {network.organizations.map((org) => org.name).join(", ")}
            </li>
          ))}
        </ul>
      )}
      <Heading as="h3" className="sleuth-section-title">
        New network
      </Heading>
      <form
        aria-label="New network"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (name.trim() !== "" && runBy) create.mutate();
        }}
      >
        <FormControl>
          <FormControl.Label>Network name</FormControl.Label>
          <TextInput value={name} onChange={(event) => setName(event.target.value)} />
        </FormControl>
        <FormControl>
          <FormControl.Label>Run by</FormControl.Label>
          <Select value={runBy} onChange={(event) => setRunBy(event.target.value)}>
            {organizations.map((org) => (
              <Select.Option key={org.uuid} value={org.uuid}>
                {org.name}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <Button type="submit" loading={create.isPending} disabled={name.trim() === ""}>
          Create network
        </Button>
      </form>
      {list.length > 0 ? (
        <Heading as="h3" className="sleuth-section-title">
          Add an organization to a network
        </Heading>
      ) : null}
      {list.length > 0 ? (
        <form
          aria-label="Add an organization to a network"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            join.mutate();
          }}
        >
          <FormControl>
            <FormControl.Label>Network</FormControl.Label>
            <Select
              value={target.network}
              onChange={(event) => setTarget({ ...target, network: event.target.value })}
            >
              <Select.Option value="">Choose a network</Select.Option>
              {list.map((network) => (
                <Select.Option key={network.uuid} value={network.uuid}>
                  {network.name}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
          <FormControl>
            <FormControl.Label>Organization</FormControl.Label>
            <Select
              value={target.organization}
              onChange={(event) => setTarget({ ...target, organization: event.target.value })}
            >
              {organizations.map((org) => (
                <Select.Option key={org.uuid} value={org.uuid}>
                  {org.name}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" loading={join.isPending} disabled={target.network === ""}>
            Add to network
          </Button>
        </form>
      ) : null}
      <div role="alert">
        {create.isError ? <InlineMessage variant="critical">{messageOf(create.error)}</InlineMessage> : null}
        {join.isError ? <InlineMessage variant="critical">{messageOf(join.error)}</InlineMessage> : null}
      </div>
    </section>
  );
}

function SuggestionsSection({ operator }: { operator: Operator }) {
  const suggestions = useQuery({
    queryKey: ["operator", "suggestions"],
    queryFn: () => operator.lawEnforcementSuggestions(),
  });
  return (
    <section className="sleuth-settings-section" aria-labelledby="operator-suggestions">
      <Heading as="h2" id="operator-suggestions" className="sleuth-section-title">
        Law-enforcement contact suggestions
      </Heading>
      {suggestions.isPending ? (
        <Text as="p">Loading suggestions…</Text>
      ) : suggestions.isError ? (
        <InlineMessage variant="critical">{messageOf(suggestions.error)}</InlineMessage>
      ) : suggestions.data.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          No suggestions to review.
        </Text>
      ) : (
        <table className="sleuth-table" aria-label="Suggestions to review">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Entity</th>
              <th scope="col">From</th>
              <th scope="col">Comments</th>
            </tr>
          </thead>
          <tbody>
            {suggestions.data.map((row) => (
              <tr key={row.id}>
                <td>{formatUtc(new Date(row.createdAt))}</td>
                <td>{row.entityUrn}</td>
                <td>
                  {row.userEmail ?? "—"} ({row.organization.name})
                </td>
                <td>{row.comments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
