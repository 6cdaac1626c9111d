import { BellIcon } from "@primer/octicons-react";
import { Button, CounterLabel } from "@primer/react";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { openJobsPanel } from "./downloadStore.ts";
import { useAwaitingDownloadCount } from "./jobQueries.ts";

/** 001 §7 / §9 the header's notification count (polled every 5 s); opens the jobs panel. */
export function JobsBadge() {
  const count = useAwaitingDownloadCount();
  const ready = count.data ?? 0;
  return (
    <Button
      leadingVisual={BellIcon}
      onClick={openJobsPanel}
      aria-label={`Background jobs: ${ready} ready to download`}
      trailingVisual={() =>
        ready > 0 ? (
          <CounterLabel data-testid="jobs-count">{ready}</CounterLabel>
        ) : (
          <HotkeyHint id="jobs.open" size="small" />
        )
      }
    >
      Jobs
    </Button>
  );
}
