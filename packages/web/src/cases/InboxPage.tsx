import { Button, Heading, Label, Spinner, Text } from "@primer/react";
import {
  type Escalation,
  formatUtc,
  inboxMessages,
  type RevealNotice,
  revealNoticeMessages,
} from "@sleuth/sdk";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { pathOfUrn } from "../navigation/routePaths.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
// The panels share the explorer's look (the inbox may be the first page opened).
import "../explorer/explorer.css";
import { actionQueries } from "../actions/actionQueries.ts";
import { casePath } from "../actions/workspacePaths.ts";

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

/** One list of the inbox with its loading, error and empty states. */
function InboxSection<T>({
  id,
  title,
  query,
  itemsOf,
  messages,
  render,
}: {
  id: string;
  title: string;
  query: UseQueryResult<unknown>;
  itemsOf: () => T[];
  messages: { loadFailed: string; empty: string };
  render: (item: T) => ReactNode;
}) {
  return (
    <section className="sleuth-panel" aria-labelledby={id}>
      <Heading as="h2" id={id} className="sleuth-panel-title">
        {title}
      </Heading>
      {query.isPending ? (
        <Spinner size="small" srText={`Loading ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <div role="alert" className="sleuth-panel-error">
          <p>{messages.loadFailed}</p>
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : itemsOf().length === 0 ? (
        <p className="sleuth-muted">{messages.empty}</p>
      ) : (
        <ul className="sleuth-action-list" aria-label={title}>
          {itemsOf().map(render)}
        </ul>
      )}
    </section>
  );
}

/**
 * The caller's inbox in this organization: escalations assigned to them (002 §5: an escalation
 * reaches its assignees) and who revealed their interests or asked to contact them (001 §4
 * 'Reveal and Notify'), newest first.
 */
export function InboxPage() {
  const inbox = useQuery(actionQueries.inbox());
  const notices = useQuery(actionQueries.revealNotices());
  return (
    <div className="sleuth-page" data-testid="inbox-page">
      <Heading as="h1" className="sleuth-page-title">
        Inbox
      </Heading>
      <InboxSection
        id="inbox-escalations"
        title="Escalations"
        query={inbox}
        itemsOf={() => inbox.data?.escalations ?? []}
        messages={inboxMessages}
        render={(escalation) => <EscalationItem key={escalation.uuid} escalation={escalation} />}
      />
      <InboxSection
        id="inbox-reveals"
        title="Reveals of your interests"
        query={notices}
        itemsOf={() => notices.data?.notices ?? []}
        messages={revealNoticeMessages}
        render={(notice) => <RevealNoticeItem key={notice.uuid} notice={notice} />}
      />
    </div>
  );
}
