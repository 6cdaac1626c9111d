import { z } from "zod";
import { decodeBase58check, decodeBase58OfLength, encodeBase58, encodeBase58check } from "./base58.ts";
import { type ChainId, chainInfo } from "./chainRegistry.ts";
import { canonicalEvmAddress, checksumEvmAddress, decodeEvmAddress, encodeEvmAddress } from "./evmAddress.ts";
import {
  decodeUtxoAddress,
  encodeUtxoAddress,
  type UtxoAddressForm,
  type UtxoNetwork,
  utxoPayloadLengths,
} from "./utxoAddress.ts";

export const addressForms = [
  "p2pkh",
  "p2sh",
  "p2wpkh",
  "p2wsh",
  "p2tr",
  "evm",
  "tron",
  "cashaddr-p2pkh",
  "cashaddr-p2sh",
  "solana",
] as const;
export const addressFormSchema = z.enum(addressForms);
export type AddressForm = z.infer<typeof addressFormSchema>;

const utxoNetworks: Partial<Record<ChainId, UtxoNetwork>> = {
  bitcoin: {
    p2pkhVersion: 0x00,
    p2shVersions: [0x05],
    segwitHrp: "bc",
    forms: ["p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr"],
  },
  // Litecoin moved P2SH from version 0x05 ("3...") to 0x32 ("M..."); both name the same script.
  litecoin: {
    p2pkhVersion: 0x30,
    p2shVersions: [0x32, 0x05],
    segwitHrp: "ltc",
    forms: ["p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr"],
  },
  dogecoin: { p2pkhVersion: 0x1e, p2shVersions: [0x16], forms: ["p2pkh", "p2sh"] },
  // Bitcoin Cash's legacy base58 addresses are spelled exactly like Bitcoin's.
  "bitcoin-cash": {
    p2pkhVersion: 0x00,
    p2shVersions: [0x05],
    cashAddrPrefix: "bitcoincash",
    forms: ["cashaddr-p2pkh", "cashaddr-p2sh"],
  },
};

const tronVersion = 0x41;

const payloadLengths: Readonly<Record<AddressForm, readonly number[]>> = {
  ...utxoPayloadLengths,
  evm: [20],
  tron: [20],
  solana: [32],
};

export interface DecodedAddress {
  /** null for valid segwit addresses of a witness version or size with no name yet. */
  form: AddressForm | null;
  /** The hash or key the address encodes (without version byte or checksum). */
  payload: Uint8Array;
  /** The canonical spelling used in URNs and the store. */
  canonical: string;
}

function utxoNetworkOf(chain: ChainId): UtxoNetwork {
  const network = utxoNetworks[chain];
  if (network === undefined) throw new RangeError(`No UTXO parameters for chain ${chain}`);
  return network;
}

/** The version byte and 20-byte key hash of a Tron address, or null. */
function decodeTronAddress(address: string): Uint8Array | null {
  const bytes = decodeBase58check(address, 21);
  return bytes === null || bytes[0] !== tronVersion ? null : bytes;
}

/** Decodes an address of a chain exactly as given (no trimming); null when it is not valid there. */
export function decodeAddress(chain: ChainId, address: string): DecodedAddress | null {
  switch (chainInfo(chain).family) {
    case "utxo":
      return decodeUtxoAddress(utxoNetworkOf(chain), address);
    case "evm": {
      const payload = decodeEvmAddress(address);
      return payload && { form: "evm", payload, canonical: address.toLowerCase() };
    }
    case "tron": {
      // Valid base58check text is the only spelling of its bytes, so it is its own canonical form.
      const bytes = decodeTronAddress(address);
      return bytes && { form: "tron", payload: bytes.subarray(1), canonical: address };
    }
    case "solana": {
      const payload = decodeBase58OfLength(address, 32);
      return payload && { form: "solana", payload, canonical: address };
    }
  }
}

/**
 * The canonical spelling of an address of a chain as given (see normalizeAddress), or null when it is
 * not valid there: decodeAddress's answer without building what it does not need.
 */
export function canonicalAddress(chain: ChainId, address: string): string | null {
  switch (chainInfo(chain).family) {
    case "utxo":
      return decodeUtxoAddress(utxoNetworkOf(chain), address)?.canonical ?? null;
    case "evm":
      return canonicalEvmAddress(address);
    case "tron":
      return decodeTronAddress(address) === null ? null : address;
    case "solana":
      return decodeBase58OfLength(address, 32) === null ? null : address;
  }
}

export function isValidAddress(chain: ChainId, address: string): boolean {
  return canonicalAddress(chain, address) !== null;
}

/**
 * The canonical spelling: lowercase 0x-hex for EVM chains, lowercase bech32, CashAddr with its
 * `bitcoincash:` prefix for Bitcoin Cash (legacy base58 converted), litecoin P2SH as "M...", and
 * base58 as given elsewhere. Throws when the address is not valid on the chain.
 */
export function normalizeAddress(chain: ChainId, address: string): string {
  const canonical = canonicalAddress(chain, address);
  if (canonical === null) throw new TypeError(`Not a valid ${chain} address: ${address}`);
  return canonical;
}

/** The spelling to show: EIP-55 checksum case for EVM chains, otherwise canonical; invalid input is returned as is. */
export function displayAddress(chain: ChainId, address: string): string {
  const decoded = decodeAddress(chain, address);
  if (decoded === null) return address;
  return chainInfo(chain).family === "evm" ? checksumEvmAddress(decoded.canonical) : decoded.canonical;
}

/** The forms that produce a chain's canonical addresses (what encodeAddress mints for the demo world). */
export function addressFormsOf(chain: ChainId): readonly AddressForm[] {
  const family = chainInfo(chain).family;
  if (family === "utxo") return utxoNetworkOf(chain).forms;
  return [family];
}

/** The usual payload size in bytes of a form (hash160, sha256 script hash, x-only key, account key). */
export function addressPayloadLength(form: AddressForm): number {
  return payloadLengths[form][0]!;
}

function isUtxoForm(form: AddressForm): form is UtxoAddressForm {
  return form !== "evm" && form !== "tron" && form !== "solana";
}

/**
 * Builds an address from its payload. Returns the canonical spelling, except bitcoin-cash "p2pkh" and
 * "p2sh", which give the legacy base58 spelling shared with Bitcoin. Throws on a form the chain
 * lacks or a payload of the wrong size.
 */
export function encodeAddress(chain: ChainId, form: AddressForm, payload: Uint8Array): string {
  if (!payloadLengths[form].includes(payload.length)) {
    throw new RangeError(
      `A ${form} payload is ${payloadLengths[form].join(" or ")} bytes, not ${payload.length}`,
    );
  }
  const family = chainInfo(chain).family;
  let encoded: string | null = null;
  if (family === "utxo" && isUtxoForm(form)) encoded = encodeUtxoAddress(utxoNetworkOf(chain), form, payload);
  else if (family === "evm" && form === "evm") encoded = encodeEvmAddress(payload);
  else if (family === "tron" && form === "tron")
    encoded = encodeBase58check(Uint8Array.of(tronVersion, ...payload));
  else if (family === "solana" && form === "solana") encoded = encodeBase58(payload);
  if (encoded === null) throw new RangeError(`${chain} has no ${form} addresses`);
  return encoded;
}
