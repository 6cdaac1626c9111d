import { Button, Heading, Label, Spinner, Text } from "@primer/react";
import {
  type Escalation,
  formatUtc,
  inboxMessages,
  type RevealNotice,
  revealNoticeMessages,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { pathOfUrn } from "../navigation/index.ts";
import { sleuthClient } from "../session/index.ts";
// The panels share the explorer's look (the inbox may be the first page opened).
import "../explorer/explorer.css";
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

function RevealNoticeItem({ notice }: { notice: RevealNotice }) {
  const client = useQueryClient();
  const markRead = useMutation({
    mutationFn: () => sleuthClient.interests.markRevealNoticeRead(notice.uuid),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["interests", "reveals"] }),
  });
  const subjectPath = pathOfUrn(notice.trmResourceUrn);
  const who = notice.revealedBy?.fullName ?? notice.revealedBy?.email ?? "A former member";
  return (
    <li className="sleuth-inbox-item" data-testid="reveal-notice-item">
      <div>
        {notice.readAt ? null : <Label variant="accent">New</Label>} <strong>{who}</strong>
        {notice.organization ? ` (${notice.organization.name})` : ""}{" "}
        {notice.kind === "REVEAL" ? revealNoticeMessages.revealed : revealNoticeMessages.contactRequested}{" "}
        {subjectPath ? (
          <Link href={subjectPath} onClick={() => (notice.readAt ? undefined : markRead.mutate())}>
            {notice.trmResourceUrn}
          </Link>
        ) : (
          <code>{notice.trmResourceUrn}</code>
        )}
      </div>
      <Text as="p" className="sleuth-muted">
        {notice.revealedBy ? (
          <a href={`mailto:${notice.revealedBy.email}`}>{notice.revealedBy.email}</a>
        ) : null}
        {notice.revealedBy ? " · " : ""}
        {formatUtc(notice.createdAt)}
        {notice.note ? ` · your note: ${notice.note}` : ""}
      </Text>
      {notice.readAt ? null : (
        <div className="sleuth-action-buttons sleuth-action-buttons-start">
          <Button size="small" loading={markRead.isPending} onClick={() => markRead.mutate()}>
            Mark as read
          </Button>
        </div>
      )}
    </li>
  );
}

/** 001 §4: who revealed the caller's interests (or asked to contact them), newest first. */
function RevealNotices() {
  const notices = useQuery(actionQueries.revealNotices());
  return (
    <section className="sleuth-panel" aria-labelledby="inbox-reveals">
      <Heading as="h2" id="inbox-reveals" className="sleuth-panel-title">
        Reveals of your interests
      </Heading>
      {notices.isPending ? (
        <Spinner size="small" srText="Loading reveals of your interests" />
      ) : notices.isError ? (
        <div role="alert" className="sleuth-panel-error">
          <p>{revealNoticeMessages.loadFailed}</p>
          <Button size="small" onClick={() => void notices.refetch()}>
            Retry
          </Button>
        </div>
      ) : notices.data.notices.length === 0 ? (
        <p className="sleuth-muted">{revealNoticeMessages.empty}</p>
      ) : (
        <ul className="sleuth-action-list" aria-label="Reveals of your interests">
          {notices.data.notices.map((notice) => (
            <RevealNoticeItem key={notice.uuid} notice={notice} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The caller's inbox in this organization: escalations assigned to them (002 §5: an escalation
 * reaches its assignees) and reveals of their interests (001 §4 'Reveal and Notify').
 */
export function InboxPage() {
  const inbox = useQuery(actionQueries.inbox());
  return (
    <div className="sleuth-page" data-testid="inbox-page">
      <Heading as="h1" className="sleuth-page-title">
        Inbox
      </Heading>
      <section className="sleuth-panel" aria-labelledby="inbox-escalations">
        <Heading as="h2" id="inbox-escalations" className="sleuth-panel-title">
          Escalations
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
      </section>
      <RevealNotices />
    </div>
  );
}
