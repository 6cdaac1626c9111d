import { InboxIcon } from "@primer/octicons-react";
import { CounterLabel, IconButton } from "@primer/react";
import { consolePaths } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { actionQueries } from "../actions/actionQueries.ts";

/**
 * The header's inbox: unread escalations assigned to the caller and unread reveals of their
 * interests (001 §4 'Reveal and Notify'), as one count.
 */
export function InboxButton() {
  const inbox = useQuery(actionQueries.inbox());
  const reveals = useQuery(actionQueries.revealNotices());
  const [, navigate] = useLocation();
  const unread = (inbox.data?.unreadCount ?? 0) + (reveals.data?.unreadCount ?? 0);
  return (
    <span className="sleuth-inbox-button">
      <IconButton
        icon={InboxIcon}
        variant="invisible"
        aria-label={unread > 0 ? `Inbox, ${unread} unread` : "Inbox"}
        onClick={() => navigate(consolePaths.workspaceInbox)}
        data-testid="inbox-button"
      />
      {unread > 0 ? (
        <CounterLabel scheme="primary" aria-hidden="true" data-testid="inbox-count">
          {unread}
        </CounterLabel>
      ) : null}
    </span>
  );
}
