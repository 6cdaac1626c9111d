import { useCommands } from "../commands/useCommands.ts";
import { type DownloadTarget, openDownloadDialog, openJobsPanel } from "./downloadStore.ts";

/** The console-wide jobs panel command (001 §7): the palette and a hotkey. */
export function useJobsCommands(): void {
  useCommands([
    {
      id: "jobs.open",
      title: "Open background jobs",
      group: "Downloads",
      keys: "g j",
      keywords: ["downloads", "export", "notifications", "csv"],
      run: openJobsPanel,
    },
  ]);
}

/**
 * A table's Download CSV command (001 §2): the palette and the same hotkey on every table.
 * `beforeOpen` runs first (a sidebar closes so the modal takes the focus).
 */
export function useDownloadCommand(target: DownloadTarget | null, beforeOpen?: () => void): void {
  useCommands(
    target
      ? [
          {
            id: "download.csv",
            title: `Download ${target.label} as CSV`,
            group: "Downloads",
            keys: "D",
            keywords: ["export", "csv", "download", "save"],
            run: () => {
              beforeOpen?.();
              openDownloadDialog(target);
            },
          },
        ]
      : [],
  );
}
