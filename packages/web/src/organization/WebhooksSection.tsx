import { Button, FormControl, Heading, Text, TextInput, VisuallyHidden } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { formatUtc, isApiError, watchedStatePollIntervalMs } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { notificationStatusQuery } from "./notificationQueries.ts";

const urlFieldId = "organization-webhook-url";
const endpointsKey = ["organization", "webhooks"];
const deliveriesKey = ["organization", "webhooks", "deliveries"];
const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));

/**
 * Issue 40 (admins): the organization's webhook endpoints (add one and get its signing secret,
 * shown once; remove one) and the delivery log, refreshed while something is still on its way.
 * Also says whether e-mail leaves this server at all.
 */
export function WebhooksSection() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const status = useQuery(notificationStatusQuery);
  const endpoints = useQuery({
    queryKey: endpointsKey,
    queryFn: () => sleuthClient.notifications.webhooks.list(),
  });
  const deliveries = useQuery({
    queryKey: deliveriesKey,
    queryFn: () => sleuthClient.notifications.webhooks.deliveries({ limit: 25 }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((row) => row.state === "queued" || row.state === "sending")
        ? watchedStatePollIntervalMs
        : false,
  });
  const add = useMutation({
    mutationFn: () => sleuthClient.notifications.webhooks.create(url.trim()),
    onSuccess: (created) => {
      setSecret({ url: created.url, secret: created.secret });
      setUrl("");
      announce(`Webhook endpoint added: ${created.url}`);
      void queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
  });
  const remove = useMutation({
    mutationFn: (uuid: string) => sleuthClient.notifications.webhooks.remove(uuid),
    onSuccess: () => {
      announce("Webhook endpoint removed");
      void queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
  });
  useCommands([
    {
      id: "organization.webhook",
      title: "Add a webhook endpoint…",
      group: "Organization",
      keys: "e w",
      keywords: ["webhook", "endpoint", "integration", "notifications"],
      run: () => document.getElementById(urlFieldId)?.focus(),
    },
  ]);
  return (
    <section
      className="sleuth-settings-section"
      aria-labelledby="webhooks-heading"
      data-testid="webhooks-section"
    >
      <Heading as="h2" id="webhooks-heading" className="sleuth-section-title">
        Notifications and webhooks
      </Heading>
      {status.data ? (
        status.data.emailEnabled ? (
          <Text as="p" data-testid="email-delivery-state">
            E-mail delivery is on: notifications are sent from {status.data.mailFrom}.
          </Text>
        ) : (
          <InlineMessage variant="warning" data-testid="email-delivery-state">
            E-mail delivery is off on this server: notifications are recorded in the console only.
          </InlineMessage>
        )
      ) : null}
      <Text as="p" className="sleuth-muted">
        Each event of this organization is also posted as signed JSON to every endpoint below; the API
        documentation's "Webhooks" section says how to verify the signature.
      </Text>
      <form
        aria-label="Add a webhook endpoint"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (url.trim() !== "") add.mutate();
        }}
      >
        <FormControl id={urlFieldId}>
          <FormControl.Label>Endpoint URL</FormControl.Label>
          <TextInput
            type="url"
            block
            placeholder="https://hooks.example/sleuth"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </FormControl>
        <Button type="submit" loading={add.isPending} disabled={url.trim() === ""}>
          Add endpoint
        </Button>
      </form>
      <div role="alert">
        {add.isError ? <InlineMessage variant="critical">{messageOf(add.error)}</InlineMessage> : null}
        {remove.isError ? <InlineMessage variant="critical">{messageOf(remove.error)}</InlineMessage> : null}
      </div>
      {secret ? (
        <InlineMessage variant="success" data-testid="webhook-secret">
          Signing secret for {secret.url} (shown this once): <code>{secret.secret}</code>
        </InlineMessage>
      ) : null}
      {endpoints.isPending ? (
        <Text as="p">Loading endpoints…</Text>
      ) : endpoints.isError ? (
        <InlineMessage variant="critical">{messageOf(endpoints.error)}</InlineMessage>
      ) : endpoints.data.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          No endpoints yet.
        </Text>
      ) : (
        <table className="sleuth-table" aria-label="Webhook endpoints">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Secret</th>
              <th scope="col">Added</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {endpoints.data.map((endpoint) => (
              <tr key={endpoint.uuid}>
                <td>{endpoint.url}</td>
                <td>
                  <code>{endpoint.secretHint}</code>
                </td>
                <td>{formatUtc(new Date(endpoint.createdAt))}</td>
                <td>
                  <Button
                    size="small"
                    variant="danger"
                    aria-label={`Remove ${endpoint.url}`}
                    onClick={() => remove.mutate(endpoint.uuid)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Heading as="h3" className="sleuth-section-title">
        Delivery log
      </Heading>
      {deliveries.isPending ? (
        <Text as="p">Loading deliveries…</Text>
      ) : deliveries.isError ? (
        <InlineMessage variant="critical">{messageOf(deliveries.error)}</InlineMessage>
      ) : deliveries.data.deliveries.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          Nothing delivered yet.
        </Text>
      ) : (
        <table className="sleuth-table" aria-label="Webhook deliveries" data-testid="webhook-deliveries">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Event</th>
              <th scope="col">Endpoint</th>
              <th scope="col">State</th>
              <th scope="col">Tries</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.deliveries.map((row) => (
              <tr key={row.uuid}>
                <td>{formatUtc(new Date(row.createdAt))}</td>
                <td>{row.kind}</td>
                <td>{row.recipient}</td>
                <td>{row.state}</td>
                <td>{row.attempts}</td>
                <td>{row.lastError ?? (row.responseStatus === null ? "—" : String(row.responseStatus))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
