import { checksumEvmAddress } from "../chains/evmAddress.ts";
import { type RecognizeOptions, recognizeIdentifier } from "../chains/recognizeIdentifier.ts";

// Payment URIs a QR code may hold ("bitcoin:bc1q…?amount=1", "ethereum:0xab…@1/transfer"): the scheme
// is dropped, except CashAddr's, which is part of the address itself.
const paymentUriScheme = /^(bitcoin|litecoin|dogecoin|ethereum|tron|solana|bnb|polygon|avalanche):/i;

// Characters that never belong to an address, hash or URN: everything else stays in the token, so a
// URN or a CashAddr keeps its colons.
const tokenSeparators = /[\s,;'"`()[\]{}<>|!?*=&]+/;

function candidatesOfToken(raw: string): string[] {
  let token = raw.replace(/^[.:#/\\-]+|[.:#/\\-]+$/g, "");
  if (token === "") return [];
  if (!/^bitcoincash:/i.test(token)) token = token.replace(paymentUriScheme, "");
  token = token.replace(/^\/\//, "").split(/[?@]/)[0]!.split("/")[0]!;
  return token === "" ? [] : [token];
}

/**
 * OCR misreads on a `0x` token: O/o for 0, I/l for 1, × for x. A mixed-case hex address whose case fails
 * EIP-55 in only a few letters is a case misread (c/C, s/S, …) and is read lowercase; more differences
 * mean a misread digit, and the token is dropped (000 §5: mixed case must pass EIP-55).
 */
function repairedHex(token: string): string | null {
  if (!/^0[xX×]/.test(token)) return null;
  const body = token.slice(2).replace(/[Oo]/g, "0").replace(/[Il]/g, "1");
  if (!/^[0-9a-fA-F]+$/.test(body)) return null;
  const lower = `0x${body.toLowerCase()}`;
  if (body.length !== 40) return `0x${body}` === token ? null : `0x${body}`;
  if (body === body.toLowerCase() || body === body.toUpperCase()) return lower;
  const checksummed = checksumEvmAddress(lower).slice(2);
  let differences = 0;
  for (let index = 0; index < body.length; index++) if (body[index] !== checksummed[index]) differences++;
  return differences <= maxCaseMisreads ? lower : null;
}

// Glyphs OCR mistakes for one another in the fonts addresses are printed in.
const confusables: Readonly<Record<string, string>> = {
  "0": "OoD",
  O: "0oDQ",
  o: "0Oa",
  D: "0O",
  "1": "lIi",
  l: "1Iit",
  I: "1l",
  i: "lfj1t",
  f: "it",
  t: "fi",
  j: "i",
  "5": "Ss",
  S: "5s",
  s: "S5",
  "8": "B",
  B: "8",
  "2": "Zz",
  Z: "2z",
  z: "Z2",
  "6": "Gb",
  G: "6",
  b: "6h",
  h: "bn",
  n: "h",
  "9": "gq",
  g: "9q",
  q: "g9Q",
  Q: "qO",
  c: "Ce",
  C: "c",
  e: "c",
  v: "Vy",
  V: "v",
  w: "W",
  W: "w",
  x: "X",
  X: "x",
  k: "K",
  K: "k",
  u: "Uv",
  U: "u",
  p: "P",
  P: "p",
  y: "Yv",
  Y: "y",
  J: "j",
  a: "o",
};

// Checksummed forms (base58check, bech32, CashAddr) are as long as this or longer; a single wrong glyph
// there is found by its checksum, whereas a bare hash has none and is never corrected.
const minCorrectableLength = 25;

// Up to two misread glyphs are corrected; the second pass tries the pairs, a few thousand checksums.
const maxCorrections = 2;

function isAddress(candidate: string): boolean {
  return recognizeIdentifier(candidate, recognition).some((match) => match.kind === "address");
}

function corrected(token: string, from: number, depth: number): string | null {
  for (let index = from; index < token.length; index++) {
    for (const replacement of confusables[token[index]!] ?? "") {
      const candidate = token.slice(0, index) + replacement + token.slice(index + 1);
      if (isAddress(candidate)) return candidate;
      if (depth > 1) {
        const deeper = corrected(candidate, index + 1, depth - 1);
        if (deeper !== null) return deeper;
      }
    }
  }
  return null;
}

/**
 * A token one or two OCR misreads away from a checksummed address: glyphs swapped for those they are
 * mistaken for, kept only when the checksum then holds. With a 32-bit (or stronger) checksum and a few
 * thousand candidates, a wrong address passing is about one chance in a million.
 */
function correctedByChecksum(token: string): string | null {
  if (token.length < minCorrectableLength || token.length > 90 || !/^[A-Za-z0-9:]+$/.test(token)) return null;
  if (/^(0x)?[0-9a-fA-F]+$/.test(token)) return null;
  for (let depth = 1; depth <= maxCorrections; depth++) {
    const found = corrected(token, 0, depth);
    if (found !== null) return found;
  }
  return null;
}

/** A bare hash has no checksum: only glyphs that cannot be hex (l, O, S, …) are read as the digits they resemble. */
function repairedBareHash(token: string): string | null {
  if (token.length !== 64 || /^[0-9a-fA-F]+$/.test(token)) return null;
  const repaired = token
    .replace(/[lIi]/g, "1")
    .replace(/[Oo]/g, "0")
    .replace(/[Ss]/g, "5")
    .replace(/[Zz]/g, "2")
    .replace(/G/g, "6");
  return /^[0-9a-fA-F]+$/.test(repaired) ? repaired : null;
}

// A misread digit flips about half of EIP-55's letter cases; a handful of flips is OCR's case confusion.
const maxCaseMisreads = 3;

const recognition: RecognizeOptions = { recognizeInet: false };

/**
 * 002 §3/§4 search by image: the valid addresses and transaction hashes in text read from an image
 * (OCR lines or QR payloads), in reading order, each once, as written (canonical spelling). IP
 * addresses are left out: version numbers and timestamps read like them, and the search by image
 * looks for addresses and transactions.
 */
export function identifiersInText(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(tokenSeparators)) {
    for (const token of candidatesOfToken(raw)) {
      let matches = recognizeIdentifier(token, recognition);
      if (matches.length === 0) {
        const repaired = repairedHex(token);
        if (repaired !== null) matches = recognizeIdentifier(repaired, recognition);
      }
      if (matches.length === 0) {
        const repaired = repairedBareHash(token) ?? correctedByChecksum(token);
        if (repaired !== null) matches = recognizeIdentifier(repaired, recognition);
      }
      const first = matches[0];
      if (first === undefined || seen.has(first.value)) continue;
      seen.add(first.value);
      found.push(first.value);
    }
  }
  return found;
}
