import { Button, Dialog, FormControl, Select, Text, Textarea } from "@primer/react";
import {
  type AddMultipleEntry,
  type AddMultipleItem,
  addMultipleLimits,
  addToGraphDebounceMs,
  type ChainId,
  chainById,
  detectAddMultipleItems,
  graphMessages,
  selectAddMultipleChain,
  validateAddMultiple,
} from "@sleuth/sdk";
import { useMemo, useRef, useState } from "react";
import { useFocusReturnRef } from "../../keyboard/focusReturn.ts";
import { useHotkey, useHotkeyScope } from "../../keyboard/useHotkey.ts";
import { useDebouncedValue } from "../../search/useDebouncedValue.ts";
import { HotkeyHint } from "../../shortcuts/HotkeyHint.tsx";

// Choice: the list shows this many entries at once; the rest are counted (and still plotted).
const listedEntries = 300;

function entryLabel(entry: AddMultipleEntry): string {
  const kind = entry.selected?.kind === "transaction" ? "Transaction" : "Address";
  const chain = entry.selected?.chain ? chainById(entry.selected.chain) : undefined;
  return entry.selected ? `${kind} on ${chain?.name ?? entry.selected.chain}` : "Not recognised";
}

function Summary({ entries }: { entries: readonly AddMultipleEntry[] }) {
  const addresses = entries.filter((entry) => entry.status === "valid" && entry.selected?.kind === "address");
  const transactions = entries.filter(
    (entry) => entry.status === "valid" && entry.selected?.kind === "transaction",
  );
  const others = entries.length - addresses.length - transactions.length;
  return (
    <Text as="p" data-testid="add-multiple-summary" aria-live="polite">
      {entries.length === 0
        ? "Paste or type addresses and transaction hashes, separated by spaces, commas or new lines."
        : `${addresses.length} addresses and ${transactions.length} transactions to plot${
            others > 0 ? `; ${others} left out` : ""
          }.`}
    </Text>
  );
}

/**
 * 001 §2 §4 §5 §9 add multiple elements: step 1 detects addresses and transaction hashes while the
 * text is typed (after the 500 ms pause); step 2 lists them for editing (another chain, or removed),
 * marking duplicates, elements already on the graph and unmatched entries in the spec's words; Plot
 * adds at most 5,000 addresses and 500 transactions.
 */
export function AddMultipleDialog({
  onGraph,
  onPlot,
  onClose,
}: {
  onGraph: ReadonlySet<string>;
  onPlot: (urns: readonly string[]) => void;
  onClose: () => void;
}) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const returnFocusRef = useFocusReturnRef();
  const [text, setText] = useState("");
  const [step, setStep] = useState<"text" | "list">("text");
  const [items, setItems] = useState<AddMultipleItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const settled = useDebouncedValue(text, addToGraphDebounceMs);
  const detected = useMemo(() => detectAddMultipleItems(settled), [settled]);
  const shown = step === "text" ? detected : items;
  const result = useMemo(() => validateAddMultiple(shown, onGraph), [shown, onGraph]);

  const next = () => {
    // The latest text, whether or not the pause has passed.
    setItems(detectAddMultipleItems(text));
    setError(null);
    setStep("list");
    setTimeout(() => listRef.current?.querySelector<HTMLElement>("select, button")?.focus(), 0);
  };
  const plot = () => {
    if (result.error) {
      setError(result.error);
      return;
    }
    onPlot(result.plotUrns);
  };
  const remove = (index: number) => {
    setItems(items.filter((_, at) => at !== index));
    // Focus stays in the list, on the entry that took the removed one's place.
    setTimeout(() => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>("li");
      const row = rows?.[Math.min(index, (rows?.length ?? 1) - 1)];
      row?.querySelector<HTMLElement>("select, button")?.focus();
    }, 0);
  };
  // Enter starts a new line in the text; Mod+Enter goes on, as in multi-search.
  useHotkeyScope("add-multiple");
  useHotkey(
    {
      id: "add-multiple.next",
      keys: "Mod+Enter",
      description: "Go on to the list",
      group: "Add multiple",
      scope: "add-multiple",
      run: () => {
        if (text.trim() !== "") next();
      },
    },
    step === "text",
  );

  return (
    <Dialog
      title="Add multiple elements"
      subtitle={`At most ${addMultipleLimits.addresses.toLocaleString("en-US")} addresses and ${addMultipleLimits.transactions} transactions`}
      onClose={onClose}
      width="xlarge"
      initialFocusRef={textRef}
      returnFocusRef={returnFocusRef}
      footerButtons={
        step === "text"
          ? [
              { buttonType: "default", content: "Cancel", onClick: onClose },
              { buttonType: "primary", content: "Next", onClick: next, disabled: text.trim() === "" },
            ]
          : [
              { buttonType: "default", content: "Back", onClick: () => setStep("text") },
              { buttonType: "primary", content: "Plot", onClick: plot },
            ]
      }
    >
      {step === "text" ? (
        <FormControl>
          <FormControl.Label>Addresses and transactions</FormControl.Label>
          <Textarea
            ref={textRef}
            block
            className="sleuth-add-multiple-text"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <FormControl.Caption>
            <HotkeyHint id="add-multiple.next" size="small" /> goes on to the list.
          </FormControl.Caption>
          <Summary entries={result.entries} />
        </FormControl>
      ) : (
        <div className="sleuth-add-multiple">
          <Summary entries={result.entries} />
          {error ? (
            <Text as="p" role="alert" className="sleuth-add-multiple-error">
              {error}
            </Text>
          ) : null}
          <ul ref={listRef} className="sleuth-add-multiple-list" data-testid="add-multiple-list">
            {result.entries.slice(0, listedEntries).map((entry, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the same text may repeat; the position is the entry.
                key={index}
                data-status={entry.status}
              >
                <span className="sleuth-mono sleuth-break">{entry.text}</span>
                {entry.candidates.length > 1 ? (
                  <Select
                    aria-label={`Chain of ${entry.text}`}
                    value={entry.selected?.chain ?? ""}
                    onChange={(event) =>
                      setItems(selectAddMultipleChain(items, index, event.target.value as ChainId))
                    }
                  >
                    {entry.candidates.map((candidate) => (
                      <Select.Option key={candidate.chain} value={candidate.chain ?? ""}>
                        {entryLabel({ ...entry, selected: candidate })}
                      </Select.Option>
                    ))}
                  </Select>
                ) : (
                  <span>{entryLabel(entry)}</span>
                )}
                <span className={entry.message ? "sleuth-add-multiple-message" : undefined}>
                  {entry.message ?? ""}
                </span>
                <Button size="small" aria-label={`Remove ${entry.text}`} onClick={() => remove(index)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {result.entries.length > listedEntries ? (
            <Text as="p">
              And {(result.entries.length - listedEntries).toLocaleString("en-US")} more, checked the same
              way.
            </Text>
          ) : null}
          {result.entries.length === 0 ? <Text as="p">{graphMessages.noValidElements}</Text> : null}
        </div>
      )}
    </Dialog>
  );
}
