import { sleuthClient } from "../session/sleuthClient.ts";

/** Issue 40: whether e-mail leaves this server; it changes only with a restart. */
export const notificationStatusQuery = {
  queryKey: ["notifications", "status"],
  queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.notifications.status({ signal }),
  staleTime: 5 * 60_000,
};
