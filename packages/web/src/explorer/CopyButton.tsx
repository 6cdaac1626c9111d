import { CheckIcon, CopyIcon } from "@primer/octicons-react";
import { IconButton } from "@primer/react";
import { triageMessages } from "@sleuth/sdk";
import { useState } from "react";
import { useHotkey } from "../keyboard/useHotkey.ts";
import { announce, showMessage } from "../messages/messageStore.ts";

/**
 * Copies the page's identifier (002 §2 header copy button); `c` or Mod+Shift+C do the same from
 * anywhere on the page. A failure shows 002 §8's 'unable to copy'.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      announce(`${what} copied to the clipboard`);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showMessage({ variant: "critical", title: triageMessages.copyFailed });
    }
  };
  const hotkey = {
    description: `Copy the ${what.toLowerCase()}`,
    group: "This page",
    run: () => void copy(),
  };
  useHotkey({ id: "page.copy", keys: "c", ...hotkey });
  useHotkey({ id: "page.copy.mod", keys: "Mod+Shift+c", ...hotkey });
  return (
    <IconButton
      icon={copied ? CheckIcon : CopyIcon}
      aria-label={`Copy ${what.toLowerCase()}`}
      keybindingHint="c"
      variant="invisible"
      onClick={() => void copy()}
      data-testid="copy-identifier"
    />
  );
}
