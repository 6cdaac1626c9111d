import { Button, FormControl, Heading, Label, Text, TextInput } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  defaultIngestConfirmations,
  formatUtc,
  type IngestStatus,
  ingestProgressText,
  isApiError,
  watchedStatePollIntervalMs,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useCommands } from "../commands/useCommands.ts";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

const rpcFieldId = "organization-follower-rpc";
const statusKey = ["ingest", "ethereum"];
const messageOf = (error: unknown) => (isApiError(error) ? error.message : String(error));
const stateLabels: Record<
  IngestStatus["state"],
  { text: string; variant: "success" | "accent" | "secondary" }
> = {
  following: { text: "Following", variant: "accent" },
  done: { text: "Reached its last block", variant: "success" },
  stopped: { text: "Stopped", variant: "secondary" },
};

/** A whole block number typed in a field, or undefined when the field is empty. */
const blockOf = (value: string) => (value.trim() === "" ? undefined : value.trim());

/**
 * Issue 46 (admins): the server's Ethereum follower: what it follows, its head, checkpoint, rates
 * and last error (refreshed while it runs), and starting or stopping it.
 */
export function ChainFollowerSection() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => sleuthClient.ingest.status({ signal }),
    refetchInterval: (query) =>
      query.state.data?.state === "following" ? watchedStatePollIntervalMs : false,
  });
  const [rpcUrl, setRpcUrl] = useState("");
  const [confirmations, setConfirmations] = useState(String(defaultIngestConfirmations));
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const settle = (next: IngestStatus) => queryClient.setQueryData(statusKey, next);
  const start = useMutation({
    mutationFn: () =>
      sleuthClient.ingest.start({
        rpcUrl: rpcUrl.trim(),
        confirmations: Number(confirmations),
        from: blockOf(from),
        to: blockOf(to),
      }),
    onSuccess: (next) => {
      settle(next);
      announce("Following the Ethereum node");
    },
  });
  const stop = useMutation({
    mutationFn: () => sleuthClient.ingest.stop(),
    onSuccess: (next) => {
      settle(next);
      announce("Stopped following the Ethereum node");
    },
  });
  const running = status.data?.state === "following";
  useCommands([
    {
      id: "organization.follower.start",
      title: "Follow an Ethereum node…",
      group: "Organization",
      keys: "e i",
      keywords: ["ingest", "node", "rpc", "chain", "follower", "blocks"],
      run: () => document.getElementById(rpcFieldId)?.focus(),
    },
    ...(running
      ? [
          {
            id: "organization.follower.stop",
            title: "Stop following the Ethereum node",
            group: "Organization",
            keys: "e x",
            keywords: ["ingest", "node", "follower", "stop"],
            run: () => stop.mutate(),
          },
        ]
      : []),
  ]);
  const current = status.data;
  return (
    <section
      className="sleuth-settings-section"
      aria-labelledby="follower-heading"
      data-testid="chain-follower-section"
    >
      <Heading as="h2" id="follower-heading" className="sleuth-section-title">
        Ethereum node
      </Heading>
      <Text as="p" className="sleuth-muted">
        The server reads the node's blocks into the store once they are the confirmation depth below its head,
        and goes on after a restart. What it writes is seen by every organization on this server.
      </Text>
      {status.isPending ? (
        <Text as="p">Loading the follower's state…</Text>
      ) : status.isError ? (
        <InlineMessage variant="critical">{messageOf(status.error)}</InlineMessage>
      ) : current ? (
        <div data-testid="follower-status" aria-live="polite">
          <Text as="p">
            <Label variant={stateLabels[current.state].variant}>{stateLabels[current.state].text}</Label>{" "}
            {current.rpcUrl ? (
              <>
                <code>{current.rpcUrl}</code> · {current.confirmations} confirmations
                {current.to === null ? "" : ` · up to block ${current.to}`}
              </>
            ) : (
              "No node has been followed yet."
            )}
          </Text>
          {current.rpcUrl ? <Text as="p">{ingestProgressText(current)}</Text> : null}
          {current.lastError ? (
            <InlineMessage variant="warning">
              Retrying after an error at {formatUtc(new Date(current.lastErrorAt ?? Date.now()))}:{" "}
              {current.lastError}
            </InlineMessage>
          ) : null}
        </div>
      ) : null}
      <form
        aria-label="Follow an Ethereum node"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (rpcUrl.trim() !== "") start.mutate();
        }}
      >
        <FormControl id={rpcFieldId}>
          <FormControl.Label>Node JSON-RPC URL</FormControl.Label>
          <TextInput
            type="url"
            block
            placeholder="http://127.0.0.1:8545"
            value={rpcUrl}
            onChange={(event) => setRpcUrl(event.target.value)}
          />
        </FormControl>
        <div className="sleuth-inline-form">
          <FormControl>
            <FormControl.Label>Confirmations</FormControl.Label>
            <TextInput
              inputMode="numeric"
              value={confirmations}
              onChange={(event) => setConfirmations(event.target.value)}
            />
          </FormControl>
          <FormControl>
            <FormControl.Label>From block</FormControl.Label>
            <TextInput
              inputMode="numeric"
              placeholder="checkpoint"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </FormControl>
          <FormControl>
            <FormControl.Label>To block</FormControl.Label>
            <TextInput
              inputMode="numeric"
              placeholder="follow the head"
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </FormControl>
        </div>
        <Button type="submit" variant="primary" loading={start.isPending} disabled={rpcUrl.trim() === ""}>
          {running ? "Restart with these settings" : "Start following"}
        </Button>{" "}
        {running ? (
          <Button type="button" loading={stop.isPending} onClick={() => stop.mutate()}>
            Stop
          </Button>
        ) : null}
      </form>
      <div role="alert">
        {start.isError ? <InlineMessage variant="critical">{messageOf(start.error)}</InlineMessage> : null}
        {stop.isError ? <InlineMessage variant="critical">{messageOf(stop.error)}</InlineMessage> : null}
      </div>
    </section>
  );
}
