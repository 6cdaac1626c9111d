import { bech32, bech32m } from "@scure/base";

// Segwit addresses: bech32 for witness version 0 (BIP 173), bech32m for versions 1 to 16 (BIP 350),
// both checked by @scure/base.

// Segwit addresses are at most 90 characters (BIP 173).
const maxSegwitLength = 90;
const checksumLength = 6;

export interface WitnessProgram {
  version: number;
  program: Uint8Array;
}

/**
 * The witness version and program of a segwit address with human-readable part `hrp` (lowercase), in
 * either letter case; null for anything BIP 173/350 or BIP 141 rejects: another prefix, mixed case, a
 * character outside the alphabet, a wrong checksum or encoding for the version, bad padding, or a
 * program of the wrong size.
 */
export function decodeSegwit(hrp: string, address: string): WitnessProgram | null {
  const dataStart = hrp.length + 1;
  if (address.length > maxSegwitLength || address.length <= dataStart + checksumLength) return null;
  if (address.slice(0, dataStart).toLowerCase() !== `${hrp}1`) return null;
  // The first data character is the witness version: "q" (0) is bech32, any other bech32m. Picking
  // the codec by it decodes once; trying bech32 first failed (inside the codec, with an exception)
  // on every taproot address.
  const codec = address[dataStart] === "q" || address[dataStart] === "Q" ? bech32 : bech32m;
  const decoded = codec.decodeUnsafe(address, maxSegwitLength);
  if (!decoded || decoded.prefix !== hrp) return null;
  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16) return null;
  const program = codec.fromWordsUnsafe(data);
  if (!program || program.length < 2 || program.length > 40) return null;
  // BIP 141: a version 0 program is a 20-byte key hash or a 32-byte script hash.
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program };
}

export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const codec = version === 0 ? bech32 : bech32m;
  return codec.encode(hrp, [version, ...codec.toWords(program)], maxSegwitLength);
}
