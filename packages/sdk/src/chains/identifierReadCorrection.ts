import { keccak_256 } from "@noble/hashes/sha3.js";
import { hex } from "@scure/base";
import { decodeBase58check } from "./base58.ts";
import { decodeCashAddr } from "./cashAddr.ts";
import { type RecognizedIdentifier, recognizeIdentifier } from "./recognizeIdentifier.ts";
import { decodeSegwit } from "./segwit.ts";

/**
 * An identifier read from OCR text, and whether it was read as printed (`exact`) or only after glyphs
 * OCR confuses were swapped until its checksum held (`corrected`): an investigator double-checks those.
 */
export interface IdentifierRead {
  identifier: RecognizedIdentifier;
  reading: "exact" | "corrected";
  /**
   * Whether a checksum vouches for the read (base58check, bech32, CashAddr, EIP-55). Lowercase hex
   * addresses and transaction hashes have none: a misread digit still looks valid.
   */
  checksummed: boolean;
}

/** Whether the spelling read carries a checksum that held. */
export function hasChecksum(identifier: RecognizedIdentifier, spelling: string): boolean {
  if (identifier.kind !== "address" || identifier.chain === "solana") return false;
  if (!/^0x/i.test(identifier.value)) return true;
  const body = spelling.slice(2);
  return body !== body.toLowerCase() && body !== body.toUpperCase();
}

/**
 * Groups of glyphs OCR takes for one another, each glyph for any other of its group: what a near
 * match to a stored identifier counts as a cheap edit (the server's image scan, issue 42). Wider and
 * symmetric, unlike `confusables` below, since a distance only weighs a difference the store then
 * settles, where a confusion tried here must validate a checksum on its own.
 */
export const ocrLookalikeGroups: readonly string[] = [
  "0OoDQ",
  "1lIiJj|7",
  "5Ss",
  "8B",
  "9gq",
  "2Zz",
  "6bG",
  "uvy",
  "ce",
];

// Glyphs OCR mistakes for one another in the faces addresses are printed in (issue 42: 0/O/o/@,
// 1/l/I/i, 5/S/s, 8/B, q/g, 7/?, and their kin). Each alternative is tried only where the identifier's
// alphabet allows it.
const confusables: Readonly<Record<string, string>> = {
  // A dotted or slashed zero in a small monospace face reads as e.
  "0": "OoDQe",
  O: "0oDQ",
  o: "0Oa",
  "@": "0oO",
  D: "0O",
  Q: "O0q",
  "1": "lIi7",
  l: "1Ii",
  I: "1liJ",
  J: "Ij",
  i: "1l7j",
  "|": "1lI",
  "!": "1lI",
  j: "iJ",
  t: "f",
  f: "tT",
  "5": "Ss",
  S: "5s",
  s: "S5",
  "8": "B",
  B: "8",
  "9": "gq",
  g: "q9",
  q: "g9",
  "7": "?1T",
  "?": "7",
  T: "7f",
  "2": "Zz",
  Z: "2z",
  z: "Z2",
  "6": "Gbe",
  G: "6",
  b: "6h",
  h: "bn",
  n: "hN",
  N: "n",
  u: "v",
  v: "uy",
  y: "v",
  c: "e",
  e: "c06",
  a: "o",
  "4": "Ad",
  d: "4A",
  A: "4d",
  "3": "E",
  E: "3",
};

// Letters whose capital is the small letter drawn larger: OCR guesses their case from the size alone.
const caseAlike = new Set("cCkKoOpPsSuUvVwWxXyYzZ");

// A wrong read passes a 30- or 32-bit checksum about once in a billion tries; these bounds keep the
// tries to tens of thousands per token, so a corrected read is wrong less than once in ten thousand.
const maxChanges = 3;
const maxChecks = 40_000;

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const bech32Alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const hexAlphabet = "0123456789abcdefABCDEF";
// Data parts (after "bc1"/"ltc1"): a 20-byte v0 program, a 32-byte v0 or taproot program.
const segwitDataLengths = [39, 59];
// After "bitcoincash:": a 20-byte or 32-byte hash.
const cashAddrDataLengths = [42, 61];
const base58Lengths = [25, 26, 27, 28, 29, 30, 31, 32, 33, 34];

// Version bytes of the base58check addresses read from images: Bitcoin (and legacy Bitcoin Cash),
// Litecoin, Dogecoin, Tron.
const base58Versions = new Set([0x00, 0x05, 0x30, 0x32, 0x1e, 0x16, 0x41]);

interface Search {
  /** The alternatives of each position, the first being the one read (or its forced replacement). */
  options: string[][];
  /** Whether the first choice of some position already differs from what was read. */
  forced: boolean;
  check: (candidate: string) => boolean;
  /** The bits of checksum a candidate carries: 30 for bech32, 32 for base58check, a bit a letter for EIP-55. */
  bits: (candidate: string) => number;
  alphabet: string;
  /** The lengths a valid identifier of the form has; checksummed forms may have lost or doubled one. */
  lengths: readonly number[];
  lengthEdits: boolean;
  /** Whether a letter's case is the OCR's guess (base58 read from a screen), not the checksum's. */
  caseFree: boolean;
}

/** Options of one glyph within an alphabet: itself when allowed, then its confusables (and other case). */
function optionsOf(glyph: string, alphabet: string, caseFree: boolean): string[] {
  const options: string[] = [];
  const add = (option: string) => {
    if (alphabet.includes(option) && !options.includes(option)) options.push(option);
  };
  add(glyph);
  if (caseFree && caseAlike.has(glyph))
    add(glyph === glyph.toLowerCase() ? glyph.toUpperCase() : glyph.toLowerCase());
  for (const option of confusables[glyph] ?? "") add(option);
  return options;
}

class CheckBudget extends Error {}

// A corrected read is kept only when the chance that any wrong candidate tried would have passed the
// checksum as well stays below this.
const maxChanceOfWrongRead = 1e-4;

/** Whether a candidate found after `checks` tries is unlikely to have passed by chance. */
function isConvincing(
  candidate: string,
  search: Pick<Search, "bits">,
  checks: number,
  depth: number,
): boolean {
  return depth === 0 || checks * 2 ** -search.bits(candidate) <= maxChanceOfWrongRead;
}

/**
 * The candidates valid at the fewest changes, trying 0..`limit` changed positions. Several distinct
 * valid candidates at that count are ambiguous: none is returned.
 */
function searchChanges(
  options: readonly string[][],
  search: Pick<Search, "check" | "bits" | "forced">,
  limit: number,
  budget: { checks: number },
): string | null {
  const { check } = search;
  const chosen = options.map((option) => option[0] ?? "");
  const variable = options.flatMap((option, index) => (option.length > 1 ? [index] : []));
  for (let depth = 0; depth <= limit; depth++) {
    const found = new Set<string>();
    const visit = (start: number, left: number) => {
      if (left === 0) {
        if (++budget.checks > maxChecks) throw new CheckBudget();
        const candidate = chosen.join("");
        if (check(candidate)) found.add(candidate);
        return;
      }
      for (let slot = start; slot < variable.length; slot++) {
        const index = variable[slot]!;
        const option = options[index]!;
        for (let choice = 1; choice < option.length; choice++) {
          chosen[index] = option[choice]!;
          visit(slot + 1, left - 1);
        }
        chosen[index] = option[0]!;
      }
    };
    visit(0, depth);
    if (found.size > 1) return null;
    if (found.size === 1) {
      const [candidate] = found as Set<string>;
      return isConvincing(candidate!, search, budget.checks, depth) ? candidate! : null;
    }
  }
  return null;
}

/** The single valid candidate a search finds within its own budget of checks, or null. */
function searchWithin(
  run: (budget: { checks: number }) => string | null,
  spent: { checks: number },
): string | null {
  const budget = { checks: 0 };
  try {
    return run(budget);
  } catch (error) {
    if (error instanceof CheckBudget) return null;
    throw error;
  } finally {
    spent.checks += Math.min(budget.checks, maxChecks);
  }
}

// At most this many letters of a read are turned to their other case, a few at a time first.
const maxCaseTurns = 8;

/** How many ways to choose `count` of `total`. */
function choose(total: number, count: number): number {
  let ways = 1;
  for (let index = 0; index < count; index++) ways = (ways * (total - index)) / (index + 1);
  return ways;
}

/**
 * Issue 42: a base58 read whose small letters a small face drew as tall as capitals (v, x, u read
 * as V, X, U), more of them than the confusions' bound: the letters whose two cases differ by size
 * alone turned, one, two, then more at a time, as far as the bound of checks reaches, the other
 * glyphs as read. The fewest turns that validate, when one candidate does.
 */
function searchCases(search: Search, budget: { checks: number }): string | null {
  if (!search.caseFree) return null;
  const turn = (glyph: string) => (glyph === glyph.toLowerCase() ? glyph.toUpperCase() : glyph.toLowerCase());
  const options = search.options.map((option) => {
    const glyph = option[0]!;
    return caseAlike.has(glyph) && search.alphabet.includes(turn(glyph)) ? [glyph, turn(glyph)] : [glyph];
  });
  const letters = options.filter((option) => option.length > 1).length;
  let depth = 0;
  for (let ways = 1; depth < Math.min(letters, maxCaseTurns); depth++) {
    ways += choose(letters, depth + 1);
    if (ways > maxChecks) break;
  }
  return depth === 0 ? null : searchChanges(options, search, depth, budget);
}

function runSearch(search: Search): { value: string; corrected: boolean } | null {
  // Every check of both phases counts against the chance of a wrong read passing.
  const spent = { checks: 0 };
  const length = search.options.length;
  if (search.lengths.includes(length)) {
    // A read of a valid length may still have lost a character: when the confusions alone exhaust
    // their budget, the length edits below get theirs.
    const direct = searchWithin((budget) => searchChanges(search.options, search, maxChanges, budget), spent);
    const read = search.options.map((option) => option[0]).join("");
    if (direct !== null) return { value: direct, corrected: search.forced || direct !== read };
    const cased = searchWithin((budget) => searchCases(search, budget), spent);
    if (cased !== null && isConvincing(cased, search, spent.checks, 1))
      return { value: cased, corrected: true };
  }
  if (!search.lengthEdits) return null;
  const found = new Set<string>();
  const edits = searchWithin((budget) => {
    const tryOptions = (options: string[][], changes: number) => {
      const value = searchChanges(options, search, changes, budget);
      if (value !== null) found.add(value);
    };
    // A character too many (doubled, or a stray glyph): each dropped in turn, with one more confusion,
    // or two when it doubles its neighbour in the other case (tesseract reads a "v" as "Vv").
    const read = search.options.map((option) => option[0]!);
    const twin = (index: number) =>
      [read[index - 1], read[index + 1]].some(
        (other) =>
          other !== undefined && other !== read[index] && other.toLowerCase() === read[index]!.toLowerCase(),
      );
    for (let index = 0; index < length && search.lengths.includes(length - 1); index++)
      tryOptions(
        search.options.filter((_, at) => at !== index),
        twin(index) ? 2 : 1,
      );
    // A dropped character: any letter of the alphabet put back at any place (the glyphs that cannot
    // be in the alphabet are already mapped).
    if (found.size === 0 && search.lengths.includes(length + 1))
      for (let index = 0; index <= length; index++)
        for (const letter of search.alphabet)
          tryOptions([...search.options.slice(0, index), [letter], ...search.options.slice(index)], 0);
    return "";
  }, spent);
  if (edits === null) return null;
  const [value] = found;
  return found.size === 1 && isConvincing(value!, search, spent.checks, 1)
    ? { value: value!, corrected: true }
    : null;
}

function searchOver(
  body: string,
  alphabet: string,
  caseFree: boolean,
  check: (candidate: string) => boolean,
  bits: (candidate: string) => number,
  lengths: readonly number[],
  lengthEdits: boolean,
): Search | null {
  if (!lengths.some((length) => Math.abs(length - body.length) <= (lengthEdits ? 1 : 0))) return null;
  const options: string[][] = [];
  let forced = false;
  for (const glyph of body) {
    const option = optionsOf(glyph, alphabet, caseFree);
    if (option.length === 0) return null;
    if (option[0] !== glyph) forced = true;
    options.push(option);
  }
  return { options, forced, check, bits, alphabet, lengths, lengthEdits, caseFree };
}

function prefixed(prefix: string, search: Search): Search {
  return {
    ...search,
    options: [...[...prefix].map((glyph) => [glyph]), ...search.options],
    lengths: search.lengths.map((length) => length + prefix.length),
  };
}

/** bech32/bech32m (BIP 173/350): the human-readable part is fixed, the data part is searched in lowercase. */
function segwitSearch(token: string): Search | null {
  // The human-readable part as OCR reads it: "bc" with c read as e or o, "ltc" with l read as 1 or I.
  const match = /^(b[ceo]|[l1I|]tc)[1lIi|](.+)$/i.exec(token);
  if (match === null) return null;
  const hrp = /^b/i.test(match[1]!) ? "bc" : "ltc";
  const data = match[2]!;
  // Segwit data is one case; OCR mixing cases says nothing, so it is read lowercase (B stays 8's twin).
  const lowered = [...data].map((glyph) => (glyph === "B" ? glyph : glyph.toLowerCase())).join("");
  const search = searchOver(
    lowered,
    bech32Alphabet,
    false,
    (candidate) => decodeSegwit(hrp, candidate) !== null,
    () => 30,
    segwitDataLengths,
    true,
  );
  if (search === null) return null;
  return { ...prefixed(`${hrp}1`, search), forced: search.forced || `${hrp}1${data}` !== token };
}

function cashAddrSearch(token: string): Search | null {
  const match = /^(bitcoincash:)?([qp][a-z0-9]{38,60})$/i.exec(token);
  if (match === null || match[1] === undefined) return null;
  const search = searchOver(
    match[2]!.toLowerCase(),
    bech32Alphabet,
    false,
    (candidate) => decodeCashAddr(candidate, "bitcoincash") !== null,
    () => 40,
    cashAddrDataLengths,
    true,
  );
  return search && prefixed("bitcoincash:", search);
}

function isBase58Address(candidate: string): boolean {
  const bytes = decodeBase58check(candidate, 21);
  return bytes !== null && base58Versions.has(bytes[0]!);
}

// Versions other than Bitcoin's 0x00 start the number high enough that every address of theirs
// (3…, L…, M…, D…, A…/9…, T…) has 34 characters; only 1… addresses run shorter.
const fullBase58Lengths = [34];

/**
 * base58check addresses of Bitcoin, Litecoin, Dogecoin and Tron: 25 to 34 characters for a 1…
 * address, 34 for the others, so a read a character short is searched for the lost one at once.
 */
function base58Search(token: string): Search | null {
  if (token.length < 24 || token.length > 36) return null;
  if (!/^[13LMDA9TlI|]/.test(token)) return null;
  const lengths = /^[1lI|]/.test(token) ? base58Lengths : fullBase58Lengths;
  return searchOver(token, base58Alphabet, true, isBase58Address, () => 32, lengths, true);
}

// What a glyph that cannot be hex stands for in hex text; hex has no checksum to choose otherwise.
const hexLookalike: Readonly<Record<string, string>> = {
  o: "0",
  O: "0",
  "@": "0",
  Q: "0",
  l: "1",
  I: "1",
  i: "1",
  "|": "1",
  "!": "1",
  S: "5",
  s: "5",
  g: "9",
  q: "9",
  G: "6",
  Z: "2",
  z: "2",
  T: "7",
  "?": "7",
};

/**
 * The hex digit a glyph stands for in a read without a checksum (lowercase hex), or undefined when it
 * cannot be one. Capitals in lowercase text are small letters read big; B and D could as well be 8
 * and 0, so without a checksum to choose they make the read unusable.
 */
export function uncheckedHexDigit(glyph: string): string | undefined {
  if (/^[0-9a-f]$/.test(glyph)) return glyph;
  return hexLookalike[glyph] ?? (/^[ACEF]$/.test(glyph) ? glyph.toLowerCase() : undefined);
}

/** The lowercase hex a read stands for when it has no checksum, or null when a glyph is not hex-like. */
function plainHex(body: string): string | null {
  let spelled = "";
  for (const glyph of body) {
    const digit = uncheckedHexDigit(glyph);
    if (digit === undefined) return null;
    spelled += digit;
  }
  return spelled;
}

function eip55Letters(lower: string): string {
  const hash = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  let spelled = "";
  for (let index = 0; index < lower.length; index++)
    spelled += Number.parseInt(hash[index]!, 16) >= 8 ? lower[index]!.toUpperCase() : lower[index]!;
  return spelled;
}

/**
 * EIP-55: every letter's case must match the checksum, except c, whose two cases OCR tells apart by
 * size alone (a c read as C, or the reverse, is not a wrong address).
 */
function passesEip55(body: string): boolean {
  if (!/^[0-9a-fA-F]{40}$/.test(body)) return false;
  const expected = eip55Letters(body.toLowerCase());
  for (let index = 0; index < body.length; index++) {
    const glyph = body[index]!;
    if (glyph !== expected[index] && glyph.toLowerCase() !== "c") return false;
  }
  return true;
}

/**
 * A mixed-case address whose digits are as read but one letter's case is not EIP-55's (an f read as
 * F): one flip among some 24 letters passes by chance about once in a million.
 */
function oneCaseSlip(body: string): { value: string; corrected: boolean } | null {
  if (!/^[0-9a-fA-F]{40}$/.test(body)) return null;
  const expected = eip55Letters(body.toLowerCase());
  let slips = 0;
  for (let index = 0; index < body.length; index++)
    if (body[index] !== expected[index] && body[index]!.toLowerCase() !== "c") slips++;
  // One slip among n checked letters passes by chance n times in 2^n.
  const bits = eip55Bits(body);
  return slips === 1 && bits * 2 ** -bits <= maxChanceOfWrongRead ? { value: body, corrected: true } : null;
}

/** EIP-55 carries a bit in each letter's case, but none in a c's (its case is not checked). */
function eip55Bits(candidate: string): number {
  return candidate.replace(/[^a-fA-F]|[cC]/g, "").length;
}

type HexRead = { value: string; corrected: boolean; checksummed: boolean } | null;

/**
 * A 0x address or hash. Mixed case is EIP-55's: searched with the checksum. Lower case has no
 * checksum: only glyphs that cannot be hex are read as the digit they resemble, and the length must
 * be exact (40 for an address, 64 for a hash).
 */
function hexRead(token: string): HexRead {
  const match = /^[0Oo@D][xX×](.+)$/.exec(token);
  const body = match ? match[1]! : token;
  if (match === null && body.length !== 64) return null;
  const uppercase = [...body].filter((glyph) => /[ABDEF]/.test(glyph)).length;
  const lowercase = [...body].filter((glyph) => /[a-f]/.test(glyph)).length;
  // EIP-55 capitalises about half the letters; a lowercase address misread has a few capitals at most.
  const mixedCase = uppercase > 3 || (uppercase > 0 && uppercase * 4 >= lowercase);
  if (lowercase === 0 && uppercase > 0) return null;
  if (match !== null && body.length === 40 && mixedCase) {
    const search = searchOver(
      body.replace(/C/g, "c"),
      hexAlphabet,
      false,
      passesEip55,
      eip55Bits,
      [40],
      false,
    );
    if (search === null) return null;
    const found = runSearch(search) ?? oneCaseSlip(search.options.map((option) => option[0]).join(""));
    if (found === null) return null;
    return {
      value: `0x${found.value.toLowerCase()}`,
      corrected: found.value !== body.replace(/C/g, "c"),
      checksummed: true,
    };
  }
  if (mixedCase) return null;
  const spelled = plainHex(body);
  if (spelled === null || (spelled.length !== 40 && spelled.length !== 64)) return null;
  if (match === null && spelled.length !== 64) return null;
  return { value: match ? `0x${spelled}` : spelled, corrected: spelled !== body, checksummed: false };
}

const recognition = { recognizeInet: false } as const;

/** The first address or hash recognised in text that passed its checks, skipping unchecked Solana forms. */
function recognised(value: string): RecognizedIdentifier | null {
  return recognizeIdentifier(value, recognition).find((match) => match.chain !== "solana") ?? null;
}

/**
 * Issue 42: an address or transaction hash read by OCR, recovered through its own checksum. The read
 * is taken as printed when it is valid; otherwise OCR's usual confusions (0/O/o/@, 1/l/I/i, 5/S/s,
 * 8/B, q/g, 7/?, a dropped or doubled character) are tried within a bound, and a candidate is kept only
 * when it validates: bech32/bech32m, base58check (Bitcoin, Litecoin, Dogecoin, Tron), CashAddr, EIP-55
 * for a mixed-case 0x address. Lowercase 0x addresses and hashes carry no checksum: only glyphs that
 * cannot be hex are mapped, at the exact length. Two equally close valid candidates give nothing.
 */
export function correctIdentifierRead(token: string): IdentifierRead | null {
  if (token.length < 24 || token.length > 100) return null;
  const exact = recognizeIdentifier(token, recognition)[0];
  if (exact !== undefined)
    return { identifier: exact, reading: "exact", checksummed: hasChecksum(exact, token) };
  const hexFound = hexRead(token);
  if (hexFound !== null) {
    const identifier = recognised(hexFound.value);
    return (
      identifier && {
        identifier,
        reading: hexFound.corrected ? "corrected" : "exact",
        checksummed: hexFound.checksummed,
      }
    );
  }
  const search = segwitSearch(token) ?? cashAddrSearch(token) ?? base58Search(token);
  if (search === null) return null;
  const found = runSearch(search);
  if (found === null) return null;
  const identifier = recognised(found.value);
  return (
    identifier && {
      identifier,
      reading: found.corrected || found.value !== token ? "corrected" : "exact",
      checksummed: true,
    }
  );
}

// Two reads that differ in more places than this are not one printed identifier read twice.
const maxPairDifferences = 10;

/** The checksummed form a token is searched in, named so two reads of one identifier can be paired. */
function checksummedSearch(token: string): { form: string; search: Search } | null {
  const evm = /^[0Oo@D][xX×](.+)$/.exec(token);
  if (evm !== null) {
    const body = evm[1]!.replace(/C/g, "c");
    const uppercase = [...body].filter((glyph) => /[ABDEF]/.test(glyph)).length;
    const lowercase = [...body].filter((glyph) => /[a-f]/.test(glyph)).length;
    // Only mixed case is EIP-55's; lowercase hex has no checksum to pair reads by.
    if (uppercase <= 3 && !(uppercase > 0 && uppercase * 4 >= lowercase)) return null;
    const search = searchOver(body, hexAlphabet, false, passesEip55, eip55Bits, [40], true);
    return search && { form: "eip55", search };
  }
  const segwit = segwitSearch(token);
  if (segwit !== null) return { form: `segwit:${segwit.options[0]![0]}`, search: segwit };
  const cashAddr = cashAddrSearch(token);
  if (cashAddr !== null) return { form: "cashaddr", search: cashAddr };
  const base58 = base58Search(token);
  return base58 && { form: "base58", search: base58 };
}

/**
 * What `other` reads at each glyph of `one`, by the alignment of fewest edits: the glyph it read there
 * (or "" where it read none), with the glyphs it read beyond `one`'s appended to the glyph before.
 */
function alignedReadings(one: readonly string[], other: readonly string[]): string[] {
  const rows = one.length + 1;
  const columns = other.length + 1;
  const cost = new Uint16Array(rows * columns);
  for (let i = 0; i < rows; i++) cost[i * columns] = i;
  for (let j = 0; j < columns; j++) cost[j] = j;
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < columns; j++)
      cost[i * columns + j] = Math.min(
        cost[(i - 1) * columns + j - 1]! + (one[i - 1] === other[j - 1] ? 0 : 1),
        cost[(i - 1) * columns + j]! + 1,
        cost[i * columns + j - 1]! + 1,
      );
  const readings = one.map(() => "");
  let i = one.length;
  let j = other.length;
  while (i > 0 || j > 0) {
    const here = cost[i * columns + j]!;
    if (i > 0 && j > 0 && here === cost[(i - 1) * columns + j - 1]! + (one[i - 1] === other[j - 1] ? 0 : 1)) {
      readings[i - 1] = other[j - 1]! + readings[i - 1]!;
      i--;
      j--;
    } else if (i > 0 && here === cost[(i - 1) * columns + j]! + 1) i--;
    else {
      // A glyph `other` read that `one` did not: it follows `one`'s glyph before (or leads its first).
      const at = Math.max(0, i - 1);
      readings[at] = other[j - 1]! + readings[at]!;
      j--;
    }
  }
  return readings;
}

/**
 * Issue 42: two reads of one printed identifier by different passes, each failing its checksum,
 * searched together: where they differ, either pass's glyphs (a glyph one pass lost, another read
 * instead) are tried as the confusions are, first alone, then with up to three changes in all among
 * them and the usual confusions, within the same bound of checks. Kept only when its checksum holds
 * (bech32/bech32m, base58check, CashAddr, EIP-55): reads without one are never paired.
 */
export function correctIdentifierReadPair(one: string, other: string): IdentifierRead | null {
  if (one === other || one.length < 24 || other.length < 24 || one.length > 100 || other.length > 100)
    return null;
  const first = checksummedSearch(one);
  const second = checksummedSearch(other);
  if (first === null || second === null || first.form !== second.form) return null;
  const read = first.search.options.map((option) => option[0]!);
  const readings = alignedReadings(
    read,
    second.search.options.map((option) => option[0]!),
  );
  const differing = readings.flatMap((reading, index) => (reading !== read[index] ? [index] : []));
  if (differing.length === 0 || differing.length > maxPairDifferences) return null;
  // A read valid as it stands needs no other.
  if (
    first.search.check(read.join("")) ||
    second.search.check(second.search.options.map((option) => option[0]).join(""))
  )
    return null;
  const spent = { checks: 0 };
  // Either pass's glyphs alone, where they differ: 2^differing candidates at most.
  const pairOptions = read.map((glyph, index) =>
    readings[index] === glyph ? [glyph] : [glyph, readings[index]!],
  );
  let found = searchWithin(
    (budget) => searchChanges(pairOptions, first.search, differing.length, budget),
    spent,
  );
  if (found === null) {
    // Then with OCR's confusions of the first read's glyphs as well.
    const options = first.search.options.map((option, index) =>
      readings[index] === read[index] || option.includes(readings[index]!)
        ? option
        : [option[0]!, readings[index]!, ...option.slice(1)],
    );
    found = searchWithin((budget) => searchChanges(options, first.search, maxChanges, budget), spent);
  }
  if (found === null || !isConvincing(found, first.search, spent.checks, 1)) return null;
  const value = first.form === "eip55" ? `0x${found.toLowerCase()}` : found;
  const identifier = recognised(value);
  return identifier && { identifier, reading: "corrected", checksummed: true };
}
