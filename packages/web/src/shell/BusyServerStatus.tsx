import { useStore } from "@nanostores/react";
import { Spinner, Text } from "@primer/react";
import { $retryingRequests } from "../session/busyServer.ts";

/** Issue 41: while the server sheds load and a request waits to be sent again, the header says so. */
export function BusyServerStatus() {
  const retrying = useStore($retryingRequests);
  if (retrying === 0) return null;
  return (
    <output className="sleuth-busy-status" data-testid="busy-status" aria-live="polite">
      <Spinner size="small" srText={null} />
      <Text size="small">Server busy, retrying…</Text>
    </output>
  );
}
