import { canonicalAddress } from "./address.ts";
import { type ChainId, type ChainInfo, chains } from "./chainRegistry.ts";
import { normalizeIpAddress } from "./inet.ts";
import { hasExplorerTransactionHashForm, normalizeTransactionHash } from "./transactionHash.ts";
import { parseUrn, urnOfCanonicalParts } from "./urn.ts";

export type IdentifierKind = "address" | "transaction" | "inet";

export interface RecognizedIdentifier {
  kind: IdentifierKind;
  /** null for an internet address. */
  chain: ChainId | null;
  /** The canonical spelling (see normalizeAddress, normalizeTransactionHash, normalizeIpAddress). */
  value: string;
  urn: string;
}

export interface RecognizeOptions {
  /** 000 §5: chains excluded by configuration are ignored. */
  excludedChains?: readonly ChainId[];
  /** 000 §6: IP search is behind a feature flag; false leaves IP addresses unrecognised. Default true. */
  recognizeInet?: boolean;
}

// Longer than any address, hash, IP or URN we know; a longer paste is not an identifier.
const maxIdentifierLength = 256;
const noChains: ReadonlySet<ChainId> = new Set();

interface SearchedChains {
  excluded: ReadonlySet<ChainId>;
  candidates: readonly ChainInfo[];
}

const allChains: SearchedChains = { excluded: noChains, candidates: chains };
// A batch recognises every input with one exclusion list, so the chains it leaves are kept for the
// last list seen, which is recognised by identity: a caller changes its list by passing a new array
// (the option is readonly), never by editing the one it passed before.
let lastExcluded: readonly ChainId[] | undefined;
let lastSearched: SearchedChains = allChains;

function chainsFor(excludedChains: readonly ChainId[] | undefined): SearchedChains {
  if (!excludedChains?.length) return allChains;
  if (excludedChains !== lastExcluded) {
    const excluded = new Set(excludedChains);
    lastExcluded = excludedChains;
    lastSearched = { excluded, candidates: chains.filter((chain) => !excluded.has(chain.id)) };
  }
  return lastSearched;
}

function fromUrn(
  input: string,
  excluded: ReadonlySet<ChainId>,
  recognizeInet: boolean,
): RecognizedIdentifier[] {
  const parts = parseUrn(input);
  if (parts === null) return [];
  // parseUrn's parts are already canonical: joined as they are, not decoded and checked again.
  const urn = urnOfCanonicalParts(parts);
  switch (parts.kind) {
    case "address":
      return excluded.has(parts.chain)
        ? []
        : [{ kind: "address", chain: parts.chain, value: parts.address, urn }];
    case "transaction":
      return excluded.has(parts.chain)
        ? []
        : [{ kind: "transaction", chain: parts.chain, value: parts.hash, urn }];
    case "inet":
      return recognizeInet ? [{ kind: "inet", chain: null, value: parts.ip, urn }] : [];
    default:
      return [];
  }
}

/**
 * 000 §5: recognises search input as an address or transaction hash per chain, or as an IP address.
 * The input is trimmed; empty input gives nothing. Where a form is shared by several chains every
 * candidate is returned, in registry order: a 0x-address on every EVM chain, a "1..." address on
 * bitcoin and bitcoin-cash, a bare 64-hex hash on the UTXO chains and Tron. A pasted address,
 * transaction or inet URN is recognised as itself.
 */
export function recognizeIdentifier(input: string, options: RecognizeOptions = {}): RecognizedIdentifier[] {
  const value = input.trim();
  if (value === "" || value.length > maxIdentifierLength) return [];
  const recognizeInet = options.recognizeInet ?? true;
  const { excluded, candidates } = chainsFor(options.excludedChains);
  if (/^urn:/i.test(value)) return fromUrn(value, excluded, recognizeInet);

  const found: RecognizedIdentifier[] = [];
  const ip = recognizeInet ? normalizeIpAddress(value) : null;
  if (ip !== null)
    found.push({ kind: "inet", chain: null, value: ip, urn: urnOfCanonicalParts({ kind: "inet", ip }) });
  for (const { id } of candidates) {
    const address = canonicalAddress(id, value);
    if (address !== null) {
      found.push({
        kind: "address",
        chain: id,
        value: address,
        urn: urnOfCanonicalParts({ kind: "address", chain: id, address }),
      });
    }
  }
  for (const { id } of candidates) {
    if (hasExplorerTransactionHashForm(id, value)) {
      const hash = normalizeTransactionHash(id, value);
      found.push({
        kind: "transaction",
        chain: id,
        value: hash,
        urn: urnOfCanonicalParts({ kind: "transaction", chain: id, hash }),
      });
    }
  }
  return found;
}
