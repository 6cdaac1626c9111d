import {
  type ChainId,
  chainIds,
  formatUrn,
  isValidIpAddress,
  parseUrn,
  type RecognizeOptions,
  recognizeIdentifier,
} from "@sleuth/sdk";
import type { BatchKind } from "./batchRow.ts";

/** One way to read an input: a kind, its chain where it has one, and the URN to look up. */
export interface BatchCandidate {
  kind: BatchKind;
  chain: ChainId | null;
  urn: string;
}

export type BatchRecognition =
  | { type: "invalid"; reason: string }
  | { type: "lookup"; candidates: BatchCandidate[] };

// Our words: what an input may be.
export const notAnIdentifier = "not an address, transaction hash, IP address, entity or custom-entity URN";
export const ipSearchOff = "IP search is turned off for this organization";

export interface BatchRecognizeOptions {
  /** `--chain`: only this chain's addresses and transactions (000 §5 excluded chains: all the others). */
  chain?: ChainId;
  /** 000 §6: IP search may be off; IPs are then invalid input. */
  recognizeInet?: boolean;
}

function recognizeOptions(options: BatchRecognizeOptions): RecognizeOptions {
  return {
    ...(options.chain ? { excludedChains: chainIds.filter((id) => id !== options.chain) } : {}),
    ...(options.recognizeInet === undefined ? {} : { recognizeInet: options.recognizeInet }),
  };
}

/**
 * 000 §5 recognition of one batch input, by the SDK: an address or transaction hash on every chain
 * whose form it has (several candidates for a 0x address), an IP address, or a pasted URN. Entity and
 * custom-entity URNs are accepted too, since the batch resolves entities in bulk as well (000 §7).
 */
export function recognizeBatchInput(text: string, options: BatchRecognizeOptions = {}): BatchRecognition {
  const found = recognizeIdentifier(text, recognizeOptions(options));
  if (found.length > 0) {
    return {
      type: "lookup",
      candidates: found.map((identifier) => ({
        kind: identifier.kind,
        chain: identifier.chain,
        urn: identifier.urn,
      })),
    };
  }
  if (/^urn:/i.test(text)) {
    const parts = parseUrn(text);
    if (parts?.kind === "entity" || parts?.kind === "custom-entity") {
      return {
        type: "lookup",
        candidates: [{ kind: parts.kind, chain: null, urn: formatUrn(parts) }],
      };
    }
  }
  // Our words: the 000 §6 flag is the organization's, so the reason says whose setting it is.
  if (options.recognizeInet === false && isValidIpAddress(text.trim()))
    return { type: "invalid", reason: ipSearchOff };
  if (options.chain && recognizeIdentifier(text, { recognizeInet: false }).length > 0)
    return { type: "invalid", reason: `not an address or transaction hash on ${options.chain}` };
  return { type: "invalid", reason: notAnIdentifier };
}
