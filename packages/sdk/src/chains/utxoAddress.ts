import { decodeBase58check, encodeBase58check } from "./base58.ts";
import { decodeCashAddr, encodeCashAddr } from "./cashAddr.ts";
import { decodeSegwit, encodeSegwit } from "./segwit.ts";

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
    canonical:
      decoded.type > 1
        ? encodeCashAddr({ prefix, type: decoded.type & 1, hash: decoded.hash })
        : plainCashAddrSpelling(prefix, address),
  };
}

/**
 * The canonical spelling of a valid plain (type 0 or 1) CashAddr: the words spell the payload one
 * way only (no excess or non-zero padding is accepted), so re-encoding would give back the input in
 * lowercase with its prefix, and the checksum need not be computed again.
 */
function plainCashAddrSpelling(prefix: string, address: string): string {
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf(":");
  return separator < 0 ? `${prefix}:${lower}` : lower;
}

/**
 * The canonical spelling of a valid base58check address: its own text, which is the only spelling of
 * its payload (see decodeBase58check), unless it is a legacy form (bitcoin-cash base58, litecoin's
 * 3-addresses), which is converted to the chain's current spelling so that one locking script has
 * one URN.
 */
function canonicalBase58Spelling(
  network: UtxoNetwork,
  form: "p2pkh" | "p2sh",
  version: number,
  payload: Uint8Array,
  address: string,
): string | null {
  if (network.cashAddrPrefix !== undefined)
    return encodeUtxoAddress(network, form === "p2pkh" ? "cashaddr-p2pkh" : "cashaddr-p2sh", payload);
  if (form === "p2pkh" || version === network.p2shVersions[0]) return address;
  return encodeUtxoAddress(network, form, payload);
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
  const bytes = decodeBase58check(address, 21);
  if (bytes === null) return null;
  const version = bytes[0]!;
  const payload = bytes.subarray(1);
  const form =
    version === network.p2pkhVersion ? "p2pkh" : network.p2shVersions.includes(version) ? "p2sh" : null;
  if (form === null) return null;
  const canonical = canonicalBase58Spelling(network, form, version, payload, address);
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

function withVersion(version: number, payload: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(1 + payload.length);
  bytes[0] = version;
  bytes.set(payload, 1);
  return bytes;
}

/** Encodes a payload in a form; null when the network lacks that form. */
export function encodeUtxoAddress(
  network: UtxoNetwork,
  form: UtxoAddressForm,
  payload: Uint8Array,
): string | null {
  const { segwitHrp, cashAddrPrefix } = network;
  switch (form) {
    case "p2pkh":
      return encodeBase58check(withVersion(network.p2pkhVersion, payload));
    case "p2sh":
      return encodeBase58check(withVersion(network.p2shVersions[0]!, payload));
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
