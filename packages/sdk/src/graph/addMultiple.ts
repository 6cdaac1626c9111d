import type { ChainId } from "../chains/chainRegistry.ts";
import { type RecognizedIdentifier, recognizeIdentifier } from "../chains/recognizeIdentifier.ts";
import { graphMessages } from "./graphMessages.ts";

// 001 §9: at most this many addresses and transactions are added in one go.
export const addMultipleLimits = { addresses: 5000, transactions: 500 } as const;
// 001 §9: adding to the graph waits 500 ms after the last change.
export const addToGraphDebounceMs = 500;

export type AddMultipleStatus = "valid" | "duplicate" | "onGraph" | "invalid" | "overLimit";

/** One detected element of the add-multiple dialog; step 2 edits `selected` among `candidates`. */
export interface AddMultipleItem {
  text: string;
  /** Every chain the text is an address or transaction hash on, in registry order. */
  candidates: RecognizedIdentifier[];
  /** The candidate to plot; the first one until the user picks another. */
  selected: RecognizedIdentifier | null;
}

export interface AddMultipleEntry extends AddMultipleItem {
  status: AddMultipleStatus;
  message: string | null;
}

export interface AddMultipleResult {
  entries: AddMultipleEntry[];
  /** The URNs to plot, in the order typed. */
  plotUrns: string[];
  /** 'There are no valid elements to plot.' when nothing can be plotted. */
  error: string | null;
}

/**
 * 001 §4 step 1: the elements in pasted text, split on blanks, commas and new lines. IP addresses are not
 * graph elements, so only addresses and transaction hashes are recognised.
 */
export function detectAddMultipleItems(
  text: string,
  options: { excludedChains?: readonly ChainId[] } = {},
): AddMultipleItem[] {
  return text
    .split(/[\s,]+/)
    .filter((token) => token !== "")
    .map((token) => {
      const candidates = recognizeIdentifier(token, {
        ...(options.excludedChains ? { excludedChains: options.excludedChains } : {}),
        recognizeInet: false,
      });
      return { text: token, candidates, selected: candidates[0] ?? null };
    });
}

/**
 * 001 §5: checks the detected elements. In order of precedence: an unrecognised entry is invalid
 * ('Invalid address or transaction'); a repeat of an earlier entry (same canonical URN) is a duplicate
 * and only the first is added; one already on the graph is invalid. Choice for the 001 §9 caps: the
 * first 5000 addresses and 500 transactions stay valid and later ones are marked over the limit and
 * left out, so a long paste still plots what fits.
 */
export function validateAddMultiple(
  items: readonly AddMultipleItem[],
  onGraph: ReadonlySet<string>,
): AddMultipleResult {
  const seen = new Set<string>();
  const counts = { address: 0, transaction: 0 };
  const plotUrns: string[] = [];
  const entries = items.map((item): AddMultipleEntry => {
    const selected = item.selected;
    if (selected === null || selected.kind === "inet") {
      return { ...item, status: "invalid", message: graphMessages.invalidElement };
    }
    if (seen.has(selected.urn)) return { ...item, status: "duplicate", message: graphMessages.duplicated };
    seen.add(selected.urn);
    if (onGraph.has(selected.urn))
      return { ...item, status: "onGraph", message: graphMessages.alreadyOnGraph };
    const kind = selected.kind;
    const limit = kind === "address" ? addMultipleLimits.addresses : addMultipleLimits.transactions;
    if (counts[kind] >= limit) {
      const template =
        kind === "address" ? graphMessages.tooManyAddresses : graphMessages.tooManyTransactions;
      return { ...item, status: "overLimit", message: template.replace("{limit}", String(limit)) };
    }
    counts[kind] += 1;
    plotUrns.push(selected.urn);
    return { ...item, status: "valid", message: null };
  });
  return { entries, plotUrns, error: plotUrns.length === 0 ? graphMessages.noValidElements : null };
}

/** 001 §4 / §5: detect then validate pasted text in one step. */
export function parseAddMultiple(
  text: string,
  options: { onGraph?: ReadonlySet<string>; excludedChains?: readonly ChainId[] } = {},
): AddMultipleResult {
  return validateAddMultiple(detectAddMultipleItems(text, options), options.onGraph ?? new Set());
}

/** Step 2: the user picks another chain for one entry; a chain it is not a candidate on is ignored. */
export function selectAddMultipleChain(
  items: readonly AddMultipleItem[],
  index: number,
  chain: ChainId,
): AddMultipleItem[] {
  return items.map((item, at) => {
    if (at !== index) return item;
    const selected = item.candidates.find((candidate) => candidate.chain === chain);
    return selected ? { ...item, selected } : item;
  });
}
