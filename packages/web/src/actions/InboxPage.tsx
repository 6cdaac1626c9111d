import { Button, Heading, Label, Spinner, Text } from "@primer/react";
import { type Escalation, formatUtc, inboxMessages } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { pathOfUrn } from "../navigation/index.ts";
import { sleuthClient } from "../session/index.ts";
import { actionQueries } from "./actionQueries.ts";
import { casePath } from "./workspacePaths.ts";

function EscalationItem({ escalation }: { escalation: Escalation }) {
  const client = useQueryClient();
  const markRead = useMutation({
    mutationFn: () => sleuthClient.escalations.markRead(escalation.uuid),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["escalations"] }),
  });
  const subjectPath = pathOfUrn(escalation.trmUrn);
  return (
    <li className="sleuth-inbox-item" data-testid="escalation-item">
      <div>
        {escalation.readAt ? null : <Label variant="accent">New</Label>}{" "}
        <strong>{escalation.alias || escalation.trmUrn}</strong> in case{" "}
        <Link
          href={casePath(escalation.caseId)}
          onClick={() => (escalation.readAt ? undefined : markRead.mutate())}
        >
          {escalation.caseName}
        </Link>
      </div>
      <Text as="p" className="sleuth-muted">
        from {escalation.createdBy?.fullName ?? escalation.createdBy?.email ?? "a former member"} ·{" "}
        {formatUtc(escalation.createdAt)}
      </Text>
      {escalation.customNote ? <Text as="p">{escalation.customNote}</Text> : null}
      <div className="sleuth-action-buttons sleuth-action-buttons-start">
        {subjectPath ? (
          <Link href={subjectPath} onClick={() => (escalation.readAt ? undefined : markRead.mutate())}>
            Open the element
          </Link>
        ) : null}
        {escalation.readAt ? null : (
          <Button size="small" loading={markRead.isPending} onClick={() => markRead.mutate()}>
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}

/** Escalations assigned to the caller in this organization (002 §5: an escalation reaches its assignees). */
export function InboxPage() {
  const inbox = useQuery(actionQueries.inbox());
  return (
    <div className="sleuth-page" data-testid="inbox-page">
      <Heading as="h1" className="sleuth-page-title">
        Inbox
      </Heading>
      {inbox.isPending ? (
        <Spinner size="small" srText="Loading your escalations" />
      ) : inbox.isError ? (
        <div role="alert" className="sleuth-panel-error">
          <p>{inboxMessages.loadFailed}</p>
          <Button size="small" onClick={() => void inbox.refetch()}>
            Retry
          </Button>
        </div>
      ) : inbox.data.escalations.length === 0 ? (
        <p className="sleuth-muted">{inboxMessages.empty}</p>
      ) : (
        <ul className="sleuth-action-list" aria-label="Escalations">
          {inbox.data.escalations.map((escalation) => (
            <EscalationItem key={escalation.uuid} escalation={escalation} />
          ))}
        </ul>
      )}
    </div>
  );
}
