import { DownloadIcon } from "@primer/octicons-react";
import { Button } from "@primer/react";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { type DownloadTarget, openDownloadDialog } from "./downloadStore.ts";

/** A table's Download CSV button (001 §2), showing the hotkey of its command (useDownloadCommand). */
export function DownloadCsvButton({
  target,
  beforeOpen,
}: {
  target: DownloadTarget;
  beforeOpen?: () => void;
}) {
  return (
    <Button
      leadingVisual={DownloadIcon}
      onClick={() => {
        beforeOpen?.();
        openDownloadDialog(target);
      }}
      trailingVisual={() => <HotkeyHint id="download.csv" size="small" />}
    >
      Download CSV
    </Button>
  );
}
