import { z } from "zod";
import {
  correctIdentifierRead,
  correctIdentifierReadPair,
  hasChecksum,
  type IdentifierRead,
} from "../chains/identifierReadCorrection.ts";
import { recognizeIdentifier } from "../chains/recognizeIdentifier.ts";

// Issue 42: how the scan read each identifier, so an investigator double-checks a corrected one.
// `confirmed`: the image alone left the read in doubt (no checksum to settle it, or a checksum its
// glyphs missed beyond the correction's bound), and of the readings it may stand for the server's
// store of chain data holds exactly one.
export const imageScanSources = ["text", "qr"] as const;
export const imageScanReadings = ["exact", "corrected", "confirmed"] as const;
export const imageScanReadSchema = z.object({
  identifier: z.string(),
  source: z.enum(imageScanSources),
  reading: z.enum(imageScanReadings),
  /** Whether a checksum vouches for the read (false for lowercase hex addresses and transaction hashes, and for reads the store confirmed). */
  checksummed: z.boolean(),
});
export type ImageScanRead = z.infer<typeof imageScanReadSchema>;

/**
 * How an identifier was read, in words for the console and `sleuth scan`: where it came from, and
 * whether it was corrected or has no checksum, the two cases an investigator should check by eye,
 * or whether the store's chain data settled what the image alone did not.
 */
export function imageScanReadLabel(read: Pick<ImageScanRead, "source" | "reading" | "checksummed">): string {
  const source = read.source === "qr" ? "QR code" : "text";
  if (read.reading === "confirmed") return `${source}, confirmed by stored chain data`;
  const parts = [source, read.reading === "corrected" ? "corrected" : "exact"];
  if (read.reading === "corrected" && read.checksummed) parts.push("its checksum holds");
  if (!read.checksummed) parts.push("no checksum");
  return parts.join(", ");
}

/**
 * Whether an investigator should check a read by eye: corrected, or with nothing but the image to
 * vouch for it. A read the store confirmed is one of the identifiers it holds, the only one the
 * image may stand for.
 */
export function imageScanReadIsDoubtful(read: Pick<ImageScanRead, "reading" | "checksummed">): boolean {
  if (read.reading === "confirmed") return false;
  return read.reading === "corrected" || !read.checksummed;
}

// Payment URIs a QR code may hold ("bitcoin:bc1q…?amount=1", "ethereum:pay-0xab…@1/transfer"): the
// scheme is dropped, except CashAddr's, which is part of the address itself.
const paymentUriScheme =
  /^(bitcoin|litecoin|dogecoin|ethereum|tron|solana|bnb|polygon|avalanche|usdt|trc20|erc20):(\/\/)?(pay-)?/i;

// Characters that never belong to an address, hash or URN. `?`, `@`, `|` and `!` stay in the token:
// OCR reads 7, 0 and 1 as them, and the correction puts them back.
const tokenSeparators = /[\s,;'"`()[\]{}<>*=&]+/;

/** The spellings a raw token may stand for: the payment URI's address, or the token without end punctuation. */
function candidatesOfToken(raw: string): string[] {
  const token = raw.replace(/^[.:#/\\-]+|[.:#/\\-]+$/g, "");
  if (token === "") return [];
  if (/^bitcoincash:/i.test(token)) return [token.split(/[?&]/)[0]!];
  const scheme = paymentUriScheme.exec(token);
  if (scheme !== null) {
    const address = token.slice(scheme[0].length).split(/[?@/]/)[0]!;
    return address === "" ? [] : [address];
  }
  // A sentence's "?" or "!" after an identifier; kept as a first try, since OCR reads a 7 as "?".
  const trimmed = token.replace(/[?!]+$/, "");
  return trimmed !== token && trimmed !== "" ? [token, trimmed] : [token];
}

const recognition = { recognizeInet: false } as const;

// A token is read again when the line before it tries to join it: the correction's search is not repeated.
const recentReads = new Map<string, IdentifierRead | null>();
const maxRecentReads = 256;

/** An identifier in one token: URNs and exact reads first, then the checksum-guided correction. */
function readToken(token: string): IdentifierRead | null {
  if (recentReads.has(token)) return recentReads.get(token)!;
  const read = readTokenOnce(token);
  if (recentReads.size >= maxRecentReads) recentReads.delete(recentReads.keys().next().value!);
  recentReads.set(token, read);
  return read;
}

function readTokenOnce(token: string): IdentifierRead | null {
  for (const candidate of candidatesOfToken(token)) {
    const exact = recognizeIdentifier(candidate, recognition)[0];
    if (exact !== undefined && exact.chain !== "solana")
      return { identifier: exact, reading: "exact", checksummed: hasChecksum(exact, candidate) };
    const corrected = correctIdentifierRead(candidate);
    if (corrected !== null) return corrected;
    if (exact !== undefined) return { identifier: exact, reading: "exact", checksummed: false };
  }
  return null;
}

// An identifier wraps over at most this many lines (a hash in large text on a phone).
const maxWrapLines = 4;

// A fragment of a wrapped identifier holds at least this many characters (a phone line holds more).
const minFragmentLength = 6;

function isFragment(token: string | undefined): token is string {
  return token !== undefined && token.length >= minFragmentLength && /^[A-Za-z0-9@?|!:×]+$/.test(token);
}

/**
 * Issue 42 / 002 §4: the identifiers in text read from an image (OCR lines or QR payloads), in reading
 * order, each once, with how each was read. An identifier wrapped over two or three lines (a phone
 * screen) is joined when the joined text validates, and the join wins over a fragment that happens
 * to be valid alone (a wrapped 0x hash whose first line is 42 characters). IP addresses are left out:
 * version numbers and timestamps read like them, and the search by image looks for addresses and
 * transactions.
 */
export function identifierReadsInText(text: string, source: ImageScanRead["source"]): ImageScanRead[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.split(tokenSeparators).filter((token) => token !== ""));
  const found: ImageScanRead[] = [];
  const seen = new Set<string>();
  const add = (read: IdentifierRead | null) => {
    if (read === null || seen.has(read.identifier.value)) return;
    seen.add(read.identifier.value);
    found.push({
      identifier: read.identifier.value,
      source,
      reading: read.reading,
      checksummed: read.checksummed,
    });
  };
  // Tokens already read as part of a wrapped identifier, by line and position.
  const joined = new Set<string>();
  for (let line = 0; line < lines.length; line++) {
    const tokens = lines[line]!;
    for (let index = 0; index < tokens.length; index++) {
      if (joined.has(`${line}:${index}`)) continue;
      const token = tokens[index]!;
      if (index === tokens.length - 1 && isFragment(token)) {
        const wrapped = readWrapped(lines, line, token);
        if (wrapped !== null) {
          for (const key of wrapped.used) joined.add(key);
          add(wrapped.read);
          continue;
        }
        // Hex without a checksum that runs on into more hex is part of a longer number (calldata, a
        // digest) that happens to break at an identifier's length: nothing says where it ends.
        if (isUncheckedHex(token) && continuesAsHex(lines[line + 1]?.[0])) continue;
      }
      const read = readToken(token);
      if (read === null && isFragment(token)) {
        const split = readSplit(tokens, index);
        if (split !== null) {
          for (let part = 1; part <= split.parts; part++) joined.add(`${line}:${index + part}`);
          add(split.read);
          continue;
        }
      }
      add(read);
    }
  }
  return found;
}

/**
 * Whether a line may continue a wrapped identifier: its first token is a fragment, or the line is
 * that token alone (the last few characters of a wrap, "c950", stand alone on their line).
 */
function isContinuation(tokens: readonly string[] | undefined): boolean {
  const first = tokens?.[0];
  if (first === undefined) return false;
  return isFragment(first) || (tokens!.length === 1 && /^[A-Za-z0-9@?|!]+$/.test(first));
}

function isUncheckedHex(token: string): boolean {
  return /^(0x)?[0-9a-f]+$/.test(token);
}

function continuesAsHex(next: string | undefined): boolean {
  return next !== undefined && /^[0-9a-f]+$/.test(next) && readToken(next) === null;
}

/**
 * A joined read counts only with a checksum or the exact length of a hex identifier: base58 of 43 or
 * 44 characters (a Solana key) would take any two words glued together.
 */
function readJoined(text: string): IdentifierRead | null {
  const read = readToken(text);
  return read === null || read.identifier.chain === "solana" ? null : read;
}

/**
 * An identifier OCR split with a space (a slightly rotated line is read in pieces): the token joined
 * with the one or two after it on the same line, kept when the join validates.
 */
function readSplit(tokens: readonly string[], index: number): { read: IdentifierRead; parts: number } | null {
  let text = tokens[index]!;
  for (let parts = 1; parts <= 2 && index + parts < tokens.length; parts++) {
    const next = tokens[index + parts]!;
    if (!/^[A-Za-z0-9@?|!]+$/.test(next)) return null;
    text += next;
    const read = readJoined(text);
    if (read !== null) return { read, parts };
  }
  return null;
}

/** An identifier begun by the last token of `line` and continued at the start of the next one to three lines. */
function readWrapped(
  lines: readonly string[][],
  line: number,
  tail: string,
): { read: IdentifierRead; used: string[] } | null {
  const next = lines[line + 1]?.[0];
  // A whole identifier at the start of the next line is not the rest of a word before it.
  if (!isContinuation(lines[line + 1]) || readToken(next!) !== null) return null;
  // The pieces a wrap may continue on: the next lines' first tokens, past lines holding that token
  // alone (a 64-character hash takes four lines of a phone at a large text size).
  const pieces = [next!];
  for (let after = line + 2; after <= line + maxWrapLines - 1 && lines[after - 1]!.length === 1; after++) {
    if (!isContinuation(lines[after])) break;
    pieces.push(lines[after]![0]!);
  }
  // The longest join first: a fragment may be valid alone (a hash's first 42 characters).
  for (let count = pieces.length; count >= 1; count--) {
    const read = readJoined(tail + pieces.slice(0, count).join(""));
    if (read === null) continue;
    // Hex without a checksum whose wrap runs on past it (a digit misread in, a last line left
    // out) only happens to have an identifier's length: it is not read.
    const after = lines[line + 1 + count];
    if (!read.checksummed && after?.length === 1 && continuesAsHex(after[0])) return null;
    return { read, used: Array.from({ length: count }, (_, index) => `${line + 1 + index}:0`) };
  }
  return null;
}

/**
 * 002 §3/§4 search by image: the valid addresses and transaction hashes in text read from an image,
 * in reading order, each once, as written (canonical spelling).
 */
export function identifiersInText(text: string): string[] {
  return identifierReadsInText(text, "text").map((read) => read.identifier);
}

// The tokens of one read that may be a checksummed identifier the read got wrong.
const minPairedToken = 24;
const maxPairedToken = 100;
// Paired reads differ in length by at most this much (a glyph lost or doubled by each pass).
const maxPairedLengthGap = 3;
// Each scan searches this many pairs at most: every search costs up to its bound of checks.
const maxPairs = 24;

/**
 * The spellings in one pass's text that may be an identifier misread: long tokens, a token glued to
 * the next on its line (a split read), and a line's last token glued to the first tokens of the lines
 * below (a wrap), none of which validated alone.
 */
export function pairableTokens(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.split(tokenSeparators).filter((token) => token !== ""));
  const tokens = new Set<string>();
  const add = (token: string) => {
    if (token.length >= minPairedToken && token.length <= maxPairedToken && readToken(token) === null)
      tokens.add(token);
  };
  for (const [line, words] of lines.entries())
    for (const [index, word] of words.entries()) {
      for (const candidate of candidatesOfToken(word)) add(candidate);
      if (index + 1 < words.length) add(word + words[index + 1]);
      if (index === words.length - 1 && isFragment(word)) {
        let joined = word;
        for (let after = line + 1; after <= line + maxWrapLines - 1 && after < lines.length; after++) {
          if (!isContinuation(lines[after])) break;
          joined += lines[after]![0]!;
          add(joined);
          if (lines[after]!.length !== 1) break;
        }
      }
    }
  return [...tokens];
}

/** Whether two tokens share a run of six glyphs (case aside) at the start, middle or end of the first. */
function sharesPiece(one: string, two: string): boolean {
  const lower = two.toLowerCase();
  const middle = Math.floor(one.length / 2) - 3;
  return [2, middle, one.length - 6].some((at) => lower.includes(one.slice(at, at + 6).toLowerCase()));
}

/**
 * Issue 42: checksummed identifiers no pass read well enough alone, from two passes' reads of them
 * together (each pass loses or confuses other glyphs): tokens of different passes that look like
 * one identifier are searched as one (correctIdentifierReadPair), and kept only when the checksum
 * holds. `known` are the identifiers already found: tokens that spell one are not searched again.
 */
export function identifierReadsFromPasses(
  texts: readonly string[],
  known: readonly string[],
): ImageScanRead[] {
  const knownLower = known.map((identifier) => identifier.toLowerCase());
  const spellsKnown = (token: string) => {
    const lower = token.toLowerCase();
    return knownLower.some(
      (identifier) => identifier.includes(lower.slice(4, 16)) || identifier.includes(lower.slice(-12)),
    );
  };
  const tokens = texts.map((text) => pairableTokens(text).filter((token) => !spellsKnown(token)));
  const found: ImageScanRead[] = [];
  const tried = new Set<string>();
  let pairs = 0;
  for (let pass = 0; pass < tokens.length; pass++)
    for (let other = pass + 1; other < tokens.length; other++)
      for (const one of tokens[pass]!)
        for (const two of tokens[other]!) {
          if (one === two || Math.abs(one.length - two.length) > maxPairedLengthGap) continue;
          if (!sharesPiece(one, two)) continue;
          const key = `${one}\n${two}`;
          if (tried.has(key) || pairs >= maxPairs) continue;
          tried.add(key);
          pairs++;
          const read = correctIdentifierReadPair(one, two) ?? correctIdentifierReadPair(two, one);
          if (read === null || found.some((entry) => entry.identifier === read.identifier.value)) continue;
          found.push({
            identifier: read.identifier.value,
            source: "text",
            reading: "corrected",
            checksummed: true,
          });
        }
  return found;
}
