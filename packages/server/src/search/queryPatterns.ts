import { type ChainId, parseUrn, recognizeIdentifier } from "@sleuth/sdk";

// What turns a typed query into index lookups (docs/API.md "Search"). Exact matches are equality on
// a unique key; prefixes are ranges over a COLLATE "C" btree (`>= prefix AND < prefix + U+10FFFF`),
// which plan as index range scans whatever the parameter; substrings go to pg_trgm GIN indexes.

/** Sorts after every character a stored identifier or name may hold, in "C" (byte) order. */
const highest = "\u{10FFFF}";

/** Prefixes shorter than this match too much to be useful in a palette. */
export const minAddressPrefixLength = 4;
export const minInetPrefixLength = 3;
/** pg_trgm extracts no trigram from fewer characters, so shorter substrings cannot use its index. */
export const minTrigramLength = 3;

export interface PrefixRange {
  low: string;
  high: string;
}

export function prefixRange(prefix: string): PrefixRange {
  return { low: prefix, high: `${prefix}${highest}` };
}

/** A LIKE pattern matching `text` literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * 002 §9: a query holding `%` is a wildcard pattern (`_` and `\` stay literal). Its index range comes
 * from the literal text before the first `%`; `null` when that text is empty and the pattern would
 * need a scan.
 */
export function wildcardPattern(query: string): { pattern: string; literalPrefix: string } {
  const pattern = query.replace(/[\\_]/g, (character) => `\\${character}`);
  return { pattern, literalPrefix: query.slice(0, query.indexOf("%")) };
}

/** The longest run of characters without a wildcard: a trigram index needs 3 of them in a row. */
export function longestLiteralRun(query: string): number {
  return Math.max(0, ...query.split("%").map((part) => part.length));
}

export interface AddressLookup {
  /** Canonical spellings the query names exactly (every candidate chain, 000 §5). */
  exact: { chain: ChainId; address: string }[];
  /** Prefixes (already in stored spelling) to range-scan; empty when the query is not a prefix. */
  prefixes: string[];
  /** With `%`: the LIKE pattern every prefix hit must also match. */
  pattern: string | null;
}

// Canonical forms are lowercase on EVM chains (0x hex), for segwit (bc1, ltc1) and CashAddr, so a
// query in those forms is searched in lowercase; base58 (legacy bitcoin, Tron, Solana) is
// case-sensitive and searched as typed.
const caseInsensitiveForm = /^(0x|bc1|ltc1|bitcoincash:)/i;
// A CashAddr typed without its `bitcoincash:` prefix (q… or p…), as wallets often show it.
const bareCashAddr = /^[qp][02-9ac-hj-np-z]+$/i;

/**
 * How the address autocomplete looks a query up. A full address (or address URN) is recognised by
 * the SDK on every chain its form fits and looked up exactly, in canonical spelling; anything else of
 * at least 4 characters is a prefix of the stored spelling. Addresses are not searched by substring:
 * that would need a trigram index over every address of every chain.
 */
export function addressLookup(query: string): AddressLookup {
  const exact = recognizeIdentifier(query, { recognizeInet: false })
    .filter((identifier) => identifier.kind === "address" && identifier.chain !== null)
    .map((identifier) => ({ chain: identifier.chain as ChainId, address: identifier.value }));
  if (exact.length > 0) return { exact, prefixes: [], pattern: null };
  const wildcard = query.includes("%");
  const literal = wildcard ? wildcardPattern(query).literalPrefix : query;
  if (literal.length < minAddressPrefixLength || /\s/.test(literal)) {
    return { exact, prefixes: [], pattern: null };
  }
  const spelled = (text: string) => (caseInsensitiveForm.test(text) ? text.toLowerCase() : text);
  const prefixes = [spelled(literal)];
  if (bareCashAddr.test(literal)) prefixes.push(`bitcoincash:${literal.toLowerCase()}`);
  return {
    exact,
    prefixes: [...new Set(prefixes)],
    pattern: wildcard ? wildcardPattern(spelled(query)).pattern : null,
  };
}

/**
 * The entity a pasted entity URN or a typed slug names: a URN's slug, or the query itself when it
 * reads like a slug (lowercase words joined by hyphens).
 */
export function entitySlugOf(query: string): string | null {
  const parts = parseUrn(query);
  if (parts?.kind === "entity") return parts.id;
  return /^[a-z0-9][a-z0-9-]*$/.test(query) ? query : null;
}

/** The custom entity a pasted custom-entity URN or bare uuid names. */
export function customEntityUuidOf(query: string): string | null {
  const parts = parseUrn(query);
  if (parts?.kind === "custom-entity") return parts.id.toLowerCase();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(query)
    ? query.toLowerCase()
    : null;
}

export interface InetLookup {
  exact: string | null;
  prefix: string | null;
}

/** An IP address (or inet URN) is looked up exactly; a partial one (`203.0.113.`, `2001:db8:`) by prefix. */
export function inetLookup(query: string): InetLookup {
  const [inet] = recognizeIdentifier(query).filter((identifier) => identifier.kind === "inet");
  if (inet) return { exact: inet.value, prefix: null };
  const partial = /^[0-9]+\.[0-9.]*$/.test(query) || /^[0-9a-f]*:[0-9a-f:]*$/i.test(query);
  return { exact: null, prefix: partial && query.length >= minInetPrefixLength ? query.toLowerCase() : null };
}
