import { Spinner, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  formatUtc,
  type NotificationDelivery,
  notificationMessages,
  watchedStatePollIntervalMs,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { sleuthClient } from "../session/sleuthClient.ts";

const settled = (delivery: NotificationDelivery | undefined) =>
  delivery?.state === "sent" || delivery?.state === "failed";

/**
 * Issue 40: where an e-mail the user caused stands (queued, sent, failed), polled until it
 * settles. Without a delivery (no SMTP on the server) it says the request was only recorded.
 */
export function DeliveryState({ uuid }: { uuid: string | null | undefined }) {
  const delivery = useQuery({
    queryKey: ["notifications", "delivery", uuid],
    queryFn: ({ signal }) => sleuthClient.notifications.delivery(uuid!, { signal }),
    enabled: Boolean(uuid),
    refetchInterval: (query) => (settled(query.state.data) ? false : watchedStatePollIntervalMs),
  });
  if (!uuid)
    return (
      <InlineMessage variant="warning" data-testid="delivery-state" data-state="recorded">
        {notificationMessages.recorded}
      </InlineMessage>
    );
  if (!delivery.data)
    return delivery.isError ? (
      <InlineMessage variant="critical">The delivery's state could not be read.</InlineMessage>
    ) : (
      <Spinner size="small" srText="Reading the delivery" />
    );
  const { state, recipient, sentAt, lastError, attempts } = delivery.data;
  if (state === "sent")
    return (
      <InlineMessage variant="success" data-testid="delivery-state" data-state="sent">
        {notificationMessages.sent} to {recipient}
        {sentAt ? ` on ${formatUtc(new Date(sentAt))}` : ""}.
      </InlineMessage>
    );
  if (state === "failed")
    return (
      <InlineMessage variant="critical" data-testid="delivery-state" data-state="failed">
        {notificationMessages.failed} to {recipient}: {lastError ?? "no reason given"}.
      </InlineMessage>
    );
  return (
    <Text as="p" data-testid="delivery-state" data-state={state} aria-live="polite">
      {notificationMessages.queued} ({recipient}
      {attempts > 1 ? `, try ${attempts}${lastError ? `; last: ${lastError}` : ""}` : ""})
    </Text>
  );
}
