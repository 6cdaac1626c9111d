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
  /** A valid identifier only on chains the server does not search: not looked up, unknown. */
  | { type: "unsearched"; kind: BatchKind; reason: string }
  | { type: "lookup"; candidates: BatchCandidate[] };

// Our words: what an input may be.
export const notAnIdentifier = "not an address, transaction hash, IP address, entity or custom-entity URN";
export const ipSearchOff = "IP search is turned off for this organization";
/** Our words for an identifier valid only on chains the server excludes (000 §5). */
export const notSearchedOn = (chains: readonly ChainId[]) =>
  `not searched: the server has no data on ${chains.join(", ")}`;

export interface BatchRecognizeOptions {
  /** `--chain`: only this chain's addresses and transactions (000 §5 excluded chains: all the others). */
  chain?: ChainId;
  /**
   * 000 §5: the chains the server excludes (GET /v1/search/configuration: it holds no address there).
   * A `--chain` the user names is searched all the same.
   */
  excludedChains?: readonly ChainId[];
  /** 000 §6: IP search may be off; IPs are then invalid input. */
  recognizeInet?: boolean;
}

// A batch recognises every input with the same options: their RecognizeOptions (and the SDK's
// chain list for them) are made once, not per input.
const recognizeOptionsOf = new WeakMap<BatchRecognizeOptions, RecognizeOptions>();

function recognizeOptions(options: BatchRecognizeOptions): RecognizeOptions {
  let recognize = recognizeOptionsOf.get(options);
  if (!recognize) {
    recognize = recognizeOptionsFor(options);
    recognizeOptionsOf.set(options, recognize);
  }
  return recognize;
}

function recognizeOptionsFor(options: BatchRecognizeOptions): RecognizeOptions {
  const excludedChains = options.chain
    ? chainIds.filter((id) => id !== options.chain)
    : (options.excludedChains ?? []);
  return {
    ...(excludedChains.length > 0 ? { excludedChains } : {}),
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
  if (!options.chain && options.excludedChains?.length) {
    const unsearched = recognizeIdentifier(text, { recognizeInet: false });
    const [first] = unsearched;
    if (first) {
      const chains = [...new Set(unsearched.flatMap((identifier) => identifier.chain ?? []))];
      return { type: "unsearched", kind: first.kind, reason: notSearchedOn(chains) };
    }
  }
  // Our words: the 000 §6 flag is the organization's, so the reason says whose setting it is.
  if (options.recognizeInet === false && isValidIpAddress(text.trim()))
    return { type: "invalid", reason: ipSearchOff };
  if (options.chain && recognizeIdentifier(text, { recognizeInet: false }).length > 0)
    return { type: "invalid", reason: `not an address or transaction hash on ${options.chain}` };
  return { type: "invalid", reason: notAnIdentifier };
}
