import { bech32, bech32m } from "@scure/base";
import { decodeBase58check, encodeBase58check } from "./base58.ts";
import { decodeCashAddr, encodeCashAddr } from "./cashAddr.ts";

export type UtxoAddressForm =
  | "p2pkh"
  | "p2sh"
  | "p2wpkh"
  | "p2wsh"
  | "p2tr"
  | "cashaddr-p2pkh"
  | "cashaddr-p2sh";

export interface UtxoNetwork {
  p2pkhVersion: number;
  /** The first is the canonical one; later ones are legacy spellings of the same script hash. */
  p2shVersions: readonly number[];
  segwitHrp?: string;
  cashAddrPrefix?: string;
  /** The forms the chain's own wallets produce today, i.e. those that are already canonical. */
  forms: readonly UtxoAddressForm[];
}

export interface DecodedUtxoAddress {
  /** null for segwit versions or program sizes with no name yet (valid recipients per BIP 350). */
  form: UtxoAddressForm | null;
  payload: Uint8Array;
  canonical: string;
}

// Segwit addresses are at most 90 characters (BIP 173).
const maxSegwitLength = 90;

function decodeSegwit(hrp: string, address: string): { version: number; program: Uint8Array } | null {
  // Only text that starts with the network's prefix can be its bech32 (bech32 is case-insensitive).
  if (address.length > maxSegwitLength || address.slice(0, hrp.length + 1).toLowerCase() !== `${hrp}1`)
    return null;
  // BIP 350: witness version 0 uses bech32, versions 1 to 16 use bech32m.
  for (const [codec, isBech32m] of [
    [bech32, false],
    [bech32m, true],
  ] as const) {
    const decoded = codec.decodeUnsafe(address, maxSegwitLength);
    if (!decoded) continue;
    const [version, ...data] = decoded.words;
    if (decoded.prefix !== hrp || version === undefined || version > 16) return null;
    if ((version === 0) === isBech32m) return null;
    const program = codec.fromWordsUnsafe(data);
    if (!program || program.length < 2 || program.length > 40) return null;
    // BIP 141: a version 0 program is a 20-byte key hash or a 32-byte script hash.
    if (version === 0 && program.length !== 20 && program.length !== 32) return null;
    return { version, program };
  }
  return null;
}

function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const codec = version === 0 ? bech32 : bech32m;
  return codec.encode(hrp, [version, ...codec.toWords(program)], maxSegwitLength);
}

function segwitForm(version: number, program: Uint8Array): UtxoAddressForm | null {
  if (version === 0) return program.length === 20 ? "p2wpkh" : "p2wsh";
  return version === 1 && program.length === 32 ? "p2tr" : null;
}

function decodeCashAddrForm(prefix: string, address: string): DecodedUtxoAddress | null {
  const decoded = decodeCashAddr(address, prefix);
  // Types 2 and 3 are the CashTokens-aware spellings of types 0 and 1: the same locking script,
  // so they share the plain spelling as their canonical form (one address, one URN).
  if (decoded === null || decoded.prefix !== prefix || decoded.type > 3) return null;
  const isScript = (decoded.type & 1) === 1;
  const sizeOk = decoded.hash.length === 20 || (isScript && decoded.hash.length === 32);
  if (!sizeOk) return null;
  return {
    form: isScript ? "cashaddr-p2sh" : "cashaddr-p2pkh",
    payload: decoded.hash,
    canonical: encodeCashAddr({ prefix, type: decoded.type & 1, hash: decoded.hash }),
  };
}

export function decodeUtxoAddress(network: UtxoNetwork, address: string): DecodedUtxoAddress | null {
  if (network.cashAddrPrefix !== undefined) {
    const cashAddr = decodeCashAddrForm(network.cashAddrPrefix, address);
    if (cashAddr !== null) return cashAddr;
  }
  if (network.segwitHrp !== undefined) {
    const segwit = decodeSegwit(network.segwitHrp, address);
    if (segwit !== null) {
      const form = segwitForm(segwit.version, segwit.program);
      return { form, payload: segwit.program, canonical: address.toLowerCase() };
    }
  }
  const bytes = decodeBase58check(address);
  if (bytes === null || bytes.length !== 21) return null;
  const version = bytes[0]!;
  const payload = bytes.slice(1);
  const form =
    version === network.p2pkhVersion ? "p2pkh" : network.p2shVersions.includes(version) ? "p2sh" : null;
  if (form === null) return null;
  // A legacy spelling (bitcoin-cash base58, litecoin's 3-addresses) is canonicalised to the chain's
  // current spelling so that one locking script has one URN.
  const canonicalForm =
    network.cashAddrPrefix === undefined ? form : form === "p2pkh" ? "cashaddr-p2pkh" : "cashaddr-p2sh";
  const canonical = encodeUtxoAddress(network, canonicalForm, payload);
  return canonical === null ? null : { form, payload, canonical };
}

/** Payload sizes accepted per form; the first is the usual one. */
export const utxoPayloadLengths: Readonly<Record<UtxoAddressForm, readonly number[]>> = {
  p2pkh: [20],
  p2sh: [20],
  p2wpkh: [20],
  p2wsh: [32],
  p2tr: [32],
  "cashaddr-p2pkh": [20],
  "cashaddr-p2sh": [20, 32],
};

/** Encodes a payload in a form; null when the network lacks that form. */
export function encodeUtxoAddress(
  network: UtxoNetwork,
  form: UtxoAddressForm,
  payload: Uint8Array,
): string | null {
  const { segwitHrp, cashAddrPrefix } = network;
  switch (form) {
    case "p2pkh":
      return encodeBase58check(Uint8Array.of(network.p2pkhVersion, ...payload));
    case "p2sh":
      return encodeBase58check(Uint8Array.of(network.p2shVersions[0]!, ...payload));
    case "p2wpkh":
    case "p2wsh":
      return segwitHrp === undefined ? null : encodeSegwit(segwitHrp, 0, payload);
    case "p2tr":
      return segwitHrp === undefined ? null : encodeSegwit(segwitHrp, 1, payload);
    case "cashaddr-p2pkh":
      return cashAddrPrefix === undefined
        ? null
        : encodeCashAddr({ prefix: cashAddrPrefix, type: 0, hash: payload });
    case "cashaddr-p2sh":
      return cashAddrPrefix === undefined
        ? null
        : encodeCashAddr({ prefix: cashAddrPrefix, type: 1, hash: payload });
  }
}
