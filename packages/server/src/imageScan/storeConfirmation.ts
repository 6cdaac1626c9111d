import { type ImageScanRead, pairableTokens, uncheckedHexDigit } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

// Issue 42: a read the image alone cannot settle (a hash or lowercase 0x address the agreement rules
// hold back, one a glyph short or long or holding a glyph no digit resembles, an EIP-55 address whose
// capitals were misread) is settled by the store's chain data: of the readings it may stand for, the store holds exactly one. Another
// stored identifier within a glyph or two of a misread one is as unlikely as a hash collision, so
// the rule keeps precision; an identifier the store does not hold is left to the image alone.

/** What a candidate is looked up as: a transaction by its hash, or an address. */
export type StoreCandidateKind = "transaction" | "address";

/** One reading a doubtful read may stand for, in the SDK's canonical spelling. */
export interface StoreCandidate {
  identifier: string;
  kind: StoreCandidateKind;
}

/** Which of the candidates the store holds (their identifiers). */
export type KnownIdentifiers = (candidates: readonly StoreCandidate[]) => Promise<ReadonlySet<string>>;

/** One printed identifier the image left in doubt: the readings it may stand for. */
export type CandidateGroup = readonly StoreCandidate[];

/** A held-back read and its digits (after any 0x) no pass read surely, least sure first. */
export interface DoubtfulSpelling {
  identifier: string;
  doubtful: readonly number[];
}

// Bounds on what a scan asks the store, so that its cost stays a fraction of the OCR's: the
// doubtful digits considered in one spelling, how many of them change at once, the readings of one
// printed identifier, and the readings of one scan.
export const maxDoubtfulDigits = 4;
export const maxChangedDigits = 2;
export const maxGroupCandidates = 4096;
export const maxScanCandidates = 16_384;

const hexDigits = "0123456789abcdef";

// The misreads tesseract repeats on every pass, sure of them (issue 42's corpus: a 4 read as d, a 6
// as b, an f as 1 or 7, a dotted 0 as e): no pass doubts them, so they are tried at any digit.
const repeatedMisreads: Readonly<Record<string, string>> = {
  "4": "d",
  d: "4",
  "6": "b",
  b: "6",
  f: "17",
  "1": "f",
  "7": "f",
  "0": "e",
  e: "0",
};

/** Every way of changing up to two digits of `digits` by a repeated misread, at any position. */
function repeatedMisreadSpellings(digits: string): string[] {
  const found: string[] = [];
  for (let first = 0; first < digits.length; first++)
    for (const one of repeatedMisreads[digits[first]!] ?? "") {
      const once = digits.slice(0, first) + one + digits.slice(first + 1);
      found.push(once);
      for (let second = first + 1; second < digits.length; second++)
        for (const other of repeatedMisreads[digits[second]!] ?? "")
          found.push(once.slice(0, second) + other + once.slice(second + 1));
    }
  return found;
}

/** The kind of an unchecked hex identifier (a 64-hex hash, with or without 0x; a lowercase 0x address). */
export function uncheckedKind(identifier: string): StoreCandidateKind | null {
  if (/^(0x)?[0-9a-f]{64}$/.test(identifier)) return "transaction";
  if (/^0x[0-9a-f]{40}$/.test(identifier)) return "address";
  return null;
}

/** Every way of changing up to `changes` of `positions` of `digits` to another hex digit. */
function changedDigits(digits: string, positions: readonly number[], changes: number): string[] {
  const found: string[] = [];
  const walk = (from: number, spelled: string, left: number) => {
    for (let at = from; at < positions.length && left > 0; at++) {
      const position = positions[at]!;
      for (const digit of hexDigits) {
        if (digit === digits[position]) continue;
        const next = spelled.slice(0, position) + digit + spelled.slice(position + 1);
        found.push(next);
        walk(at + 1, next, left - 1);
      }
    }
  };
  walk(0, digits, changes);
  return found;
}

/**
 * The readings of a held-back read and its rivals, the likelier first, up to `maxGroupCandidates`:
 * each spelling as read; with up to `maxChangedDigits` of its `maxDoubtfulDigits` least sure digits
 * changed to any other hex digit; with any one digit changed; with up to two repeated misreads undone
 * at any digits.
 */
export function heldBackCandidates(spellings: readonly DoubtfulSpelling[]): StoreCandidate[] {
  const candidates = new Map<string, StoreCandidate>();
  const add = (identifier: string) => {
    const kind = uncheckedKind(identifier);
    if (kind !== null && candidates.size < maxGroupCandidates && !candidates.has(identifier))
      candidates.set(identifier, { identifier, kind });
  };
  const split = (identifier: string) => {
    const prefix = identifier.startsWith("0x") ? "0x" : "";
    return { prefix, digits: identifier.slice(prefix.length) };
  };
  const stages: Array<(spelling: DoubtfulSpelling) => string[]> = [
    ({ identifier }) => [identifier],
    ({ identifier, doubtful }) => {
      const { prefix, digits } = split(identifier);
      return changedDigits(digits, doubtful.slice(0, maxDoubtfulDigits), maxChangedDigits).map(
        (changed) => prefix + changed,
      );
    },
    ({ identifier }) => {
      const { prefix, digits } = split(identifier);
      const everywhere = Array.from({ length: digits.length }, (_, index) => index);
      return changedDigits(digits, everywhere, 1).map((changed) => prefix + changed);
    },
    ({ identifier }) => {
      const { prefix, digits } = split(identifier);
      return repeatedMisreadSpellings(digits).map((changed) => prefix + changed);
    },
  ];
  for (const stage of stages)
    for (const spelling of spellings) for (const identifier of stage(spelling)) add(identifier);
  return [...candidates.values()];
}

/**
 * A token spelled as lowercase hex (lookalikes as their digit), its 0x apart: a B or D as b or d,
 * and, in `alternatives` when the token holds few capitals, as 8 or 0 (what they are in lowercase
 * hex); one glyph no digit resembles as each digit; null when more glyphs than that are not hex-like.
 */
function hexOfToken(
  token: string,
): { prefix: string; digits: string; alternatives: string[]; mixedCase: boolean } | null {
  const prefixed = /^[0oO@Q][xX×]/.test(token);
  const body = prefixed ? token.slice(2) : token;
  const spell = (glyphs: string, capital: Readonly<Record<string, string>>) => {
    let digits = "";
    for (const glyph of glyphs) digits += uncheckedHexDigit(glyph) ?? capital[glyph] ?? "?";
    return digits;
  };
  const digits = spell(body, { B: "b", D: "d" });
  const unknown = [...digits].filter((digit) => digit === "?").length;
  if (unknown > 1) return null;
  // Many capitals are an EIP-55 spelling's letters; one or two in lowercase hex are misread digits.
  const fewCapitals = (body.match(/[A-F]/g) ?? []).length <= 2;
  const alternatives =
    unknown === 1
      ? [...hexDigits].map((digit) => digits.replace("?", digit))
      : fewCapitals
        ? [spell(body, { B: "8", D: "d" }), spell(body, { B: "b", D: "0" }), spell(body, { B: "8", D: "0" })]
        : [];
  return {
    prefix: prefixed ? "0x" : "",
    digits: unknown === 1 ? alternatives[0]! : digits,
    alternatives:
      unknown === 1
        ? alternatives.slice(1)
        : [...new Set(alternatives)].filter((spelled) => spelled !== digits),
    mixedCase: /[A-F]/.test(body) && /[a-f]/.test(body),
  };
}

/**
 * The readings of a token one glyph short of a hash or a 0x address (a glyph inserted at each
 * position, any hex digit), one glyph long (each glyph dropped in turn), or of the right length but
 * no identifier as read: an address whose capitals failed its EIP-55 checksum, a hash holding a B or
 * D (8 or 0 in lowercase hex) or one glyph no digit resembles (each spelling, and each with any one
 * digit changed, up to the bound: the read failed because a glyph was misread).
 */
export function nearTokenCandidates(token: string): StoreCandidate[] {
  const hex = hexOfToken(token);
  if (hex === null) return [];
  const { prefix, digits, alternatives } = hex;
  const lengths: Array<{ length: number; kind: StoreCandidateKind }> = [{ length: 64, kind: "transaction" }];
  if (prefix === "0x") lengths.push({ length: 40, kind: "address" });
  const found = new Map<string, StoreCandidate>();
  const add = (spelled: string, kind: StoreCandidateKind) => {
    const identifier = prefix + spelled;
    if (found.size < maxGroupCandidates) found.set(identifier, { identifier, kind });
  };
  for (const { length, kind } of lengths) {
    if (digits.length === length - 1)
      for (let at = 0; at <= digits.length; at++)
        for (const digit of hexDigits) add(digits.slice(0, at) + digit + digits.slice(at), kind);
    else if (digits.length === length + 1)
      for (let at = 0; at < digits.length; at++) add(digits.slice(0, at) + digits.slice(at + 1), kind);
    else if (digits.length === length && (kind === "transaction" || hex.mixedCase)) {
      const spellings = [digits, ...alternatives];
      for (const spelled of spellings) add(spelled, kind);
      const everywhere = Array.from({ length }, (_, index) => index);
      for (const spelled of spellings)
        for (const changed of changedDigits(spelled, everywhere, 1)) add(changed, kind);
    }
  }
  return [...found.values()];
}

/** The groups of readings of the tokens in passes' texts that no identifier explains. */
export function nearTokenGroups(texts: readonly string[]): CandidateGroup[] {
  const tokens = new Set(texts.flatMap((text) => pairableTokens(text)));
  return [...tokens].map(nearTokenCandidates).filter((group) => group.length > 0);
}

/**
 * The reads the store confirms: groups are taken in order, while the scan's bound on candidates
 * allows (a group holding an identifier already found is skipped: its printed identifier was read);
 * the store is asked once, and a group yields its one candidate the store holds, or nothing when it
 * holds none or several.
 */
export async function confirmedByStore(
  groups: readonly CandidateGroup[],
  found: readonly string[],
  known: KnownIdentifiers,
): Promise<ImageScanRead[]> {
  const asked = new Map<string, StoreCandidate>();
  const kept: CandidateGroup[] = [];
  for (const group of groups) {
    if (group.some((candidate) => found.includes(candidate.identifier))) continue;
    const fresh = group.filter((candidate) => !asked.has(candidate.identifier)).length;
    if (asked.size + fresh > maxScanCandidates) continue;
    for (const candidate of group) asked.set(candidate.identifier, candidate);
    kept.push(group);
  }
  if (asked.size === 0) return [];
  const held = await known([...asked.values()]);
  const confirmed: ImageScanRead[] = [];
  for (const group of kept) {
    const stored = new Set(
      group.filter((candidate) => held.has(candidate.identifier)).map((c) => c.identifier),
    );
    if (stored.size !== 1) continue;
    const [identifier] = stored;
    if (confirmed.some((read) => read.identifier === identifier)) continue;
    confirmed.push({ identifier: identifier!, source: "text", reading: "confirmed", checksummed: false });
  }
  return confirmed;
}

/**
 * The store's lookup for a scan: one statement, transactions by hash and addresses by address,
 * each on the leading column of its unique index. Chain data is shared by every organization.
 */
export function knownIdentifiersIn(db: Queryable): KnownIdentifiers {
  return async (candidates) => {
    const hashes = candidates.filter((c) => c.kind === "transaction").map((c) => c.identifier);
    const addresses = candidates.filter((c) => c.kind === "address").map((c) => c.identifier);
    const rows = await db.query<{ identifier: string }>(
      `SELECT hash AS identifier FROM transactions WHERE hash = ANY($1::text[])
       UNION SELECT address FROM addresses WHERE address = ANY($2::text[])`,
      [hashes, addresses],
    );
    return new Set(rows.map((row) => row.identifier));
  };
}
