import { hex } from "@scure/base";
import { decodeBase58OfLength, encodeBase58 } from "./base58.ts";
import { type ChainId, chainInfo } from "./chainRegistry.ts";

const bareHexHash = /^[0-9a-fA-F]{64}$/;
const prefixedHexHash = /^0x[0-9a-fA-F]{64}$/;
const solanaSignatureBytes = 64;
const minTransactionHashLength = 64;

/**
 * The canonical spelling is the one the chain's explorers print: 0x-prefixed lowercase hex on EVM
 * chains, bare lowercase hex on UTXO chains and Tron, base58 of the 64-byte signature on Solana.
 */
function canonicalTransactionHash(chain: ChainId, hash: string): string | null {
  switch (chainInfo(chain).family) {
    case "utxo":
      return bareHexHash.test(hash) ? hash.toLowerCase() : null;
    // When the chain is already known, the other 0x spelling is unambiguous, so it is accepted too.
    case "evm":
      if (prefixedHexHash.test(hash)) return hash.toLowerCase();
      return bareHexHash.test(hash) ? `0x${hash.toLowerCase()}` : null;
    case "tron":
      if (bareHexHash.test(hash)) return hash.toLowerCase();
      return prefixedHexHash.test(hash) ? hash.slice(2).toLowerCase() : null;
    case "solana":
      return decodeBase58OfLength(hash, solanaSignatureBytes) === null ? null : hash;
  }
}

/**
 * Whether a hash is spelled the way the chain's explorers print it (case aside). Recognition uses
 * this stricter test so that a bare hex hash is offered on UTXO chains and Tron, a 0x hash on EVM chains.
 */
export function hasExplorerTransactionHashForm(chain: ChainId, hash: string): boolean {
  // Every spelling is at least 64 characters (32 bytes in hex, 64 bytes in base58): recognition asks
  // this of every pasted address on every chain, and this answers most of them at once.
  if (hash.length < minTransactionHashLength) return false;
  const family = chainInfo(chain).family;
  if (family === "evm") return prefixedHexHash.test(hash);
  if (family === "solana") return canonicalTransactionHash(chain, hash) !== null;
  return bareHexHash.test(hash);
}

/** Valid on the chain: its canonical spelling in any letter case, plus the other 0x spelling on EVM chains and Tron. */
export function isValidTransactionHash(chain: ChainId, hash: string): boolean {
  return canonicalTransactionHash(chain, hash) !== null;
}

/** The canonical spelling (see canonicalTransactionHash); throws when the hash is not valid on the chain. */
export function normalizeTransactionHash(chain: ChainId, hash: string): string {
  const canonical = canonicalTransactionHash(chain, hash);
  if (canonical === null) throw new TypeError(`Not a valid ${chain} transaction hash: ${hash}`);
  return canonical;
}

/** 32 bytes as hex (0x-prefixed on EVM chains), or a 64-byte Solana signature as base58. */
export function encodeTransactionHash(chain: ChainId, bytes: Uint8Array): string {
  const family = chainInfo(chain).family;
  const expected = family === "solana" ? solanaSignatureBytes : 32;
  if (bytes.length !== expected)
    throw new RangeError(`A ${chain} transaction hash is ${expected} bytes, not ${bytes.length}`);
  if (family === "solana") return encodeBase58(bytes);
  return family === "evm" ? `0x${hex.encode(bytes)}` : hex.encode(bytes);
}
