/**
 * The glyphs the OCR may read. A page holds identifiers of every kind: letters, digits and the few
 * signs URNs, CashAddr and payment URIs carry. A line re-read as one kind of identifier is read in
 * that kind's alphabet only, so tesseract picks the likeliest glyph that can be there (no O in hex,
 * no 0, O, I or l in base58) instead of one the correction must undo.
 */
export const textAlphabets = {
  any: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:.-_/ ",
  hex: "0123456789abcdefABCDEFx ",
  hexLower: "0123456789abcdefx ",
  base58: "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz ",
  // bech32's data alphabet, with the b and 1 of "bc1" (ltc1's l, t and c are in it).
  bech32: "qpzry9x8gf2tvdw0s3jn54khce6mua7lb1 ",
} as const;
export type TextAlphabet = keyof typeof textAlphabets;

/** Which alphabet a doubtful token is re-read in: what its first glyphs and its letters say it is. */
export function alphabetOfToken(token: string): TextAlphabet {
  const hexLike = [...token].filter((glyph) => /[0-9a-fA-FoOlI|]/.test(glyph)).length;
  if (/^[0oO@D][xX×]/.test(token) || (token.length >= 16 && hexLike >= token.length * 0.9))
    // EIP-55 capitalises about half the letters; a hash or lowercase address has a stray capital at most.
    return [...token.slice(2)].filter((glyph) => /[A-F]/.test(glyph)).length >= 4 ? "hex" : "hexLower";
  const lower = [...token].filter((glyph) => /[a-z0-9]/.test(glyph)).length;
  if (/^(b[ceo]|[l1I|]tc)[1lIi|]/i.test(token) && lower >= token.length * 0.8) return "bech32";
  return "base58";
}
