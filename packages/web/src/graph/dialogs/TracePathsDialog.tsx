import { useStore } from "@nanostores/react";
import { Dialog, Text } from "@primer/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useFocusReturnRef } from "../../keyboard/focusReturn.ts";
import { selectNode } from "../graphSession.ts";
import { $tracePaths, focusPath } from "../pathFocus.ts";

const optionId = (index: number) => `sleuth-trace-path-${index}`;

/**
 * Issue 39: the last trace's paths, largest amount first: where each ends (named as every table
 * names it), why it stopped, its hops and the most that can have reached its end. Arrow keys or j/k
 * move; Enter focuses the path on the graph (the rest dimmed) and selects its end.
 */
export function TracePathsDialog({ onClose }: { onClose: () => void }) {
  const returnFocusRef = useFocusReturnRef();
  const paths = useStore($tracePaths);
  const rows = paths?.rows ?? [];
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const choose = (index: number) => {
    const row = rows[index];
    if (!row) return;
    focusPath(row);
    selectNode(row.end);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setActive((index) => Math.min(Math.max(index + step, 0), rows.length - 1));
    } else if (event.key === "Enter") {
      // The graph's own Enter (open the selected node) must not see it.
      event.preventDefault();
      event.stopPropagation();
      choose(active);
    }
  };
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);
  return (
    <Dialog
      title="Trace paths"
      subtitle={
        paths ? `${rows.length} paths from ${paths.origin}, the largest amounts first` : "No trace yet"
      }
      onClose={onClose}
      width="xlarge"
      returnFocusRef={returnFocusRef}
      initialFocusRef={listRef}
    >
      {rows.length === 0 ? (
        <Text as="p">Trace funds from a node (t) to list its paths here.</Text>
      ) : (
        <>
          <Text as="p" className="sleuth-muted">
            ↑↓ or j/k to move, Enter to focus the path on the graph (x clears the focus).
          </Text>
          <div className="sleuth-trace-path sleuth-trace-paths-head" aria-hidden="true">
            <span>End</span>
            <span>Stopped</span>
            <span>Hops</span>
            <span>At most</span>
          </div>
          <div
            role="listbox"
            tabIndex={0}
            aria-label="Trace paths"
            aria-activedescendant={optionId(active)}
            data-testid="trace-paths"
            className="sleuth-trace-paths-list"
            onKeyDown={onKeyDown}
            ref={listRef}
          >
            {rows.map((row, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox's keys choose a path.
              <div
                key={row.trmUrns.join(" ")}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                data-active={index === active || undefined}
                className="sleuth-trace-path"
                onClick={() => choose(index)}
              >
                <span className="sleuth-trace-path-end" title={row.end}>
                  {row.endName}
                  {row.endNameKind ? <span className="sleuth-muted"> ({row.endNameKind})</span> : null}
                </span>
                <span>{row.stopText}</span>
                <span className="sleuth-number">{row.hops}</span>
                <span className="sleuth-number">{row.amountText}</span>
              </div>
            ))}
          </div>
        </>
      )}
    </Dialog>
  );
}
