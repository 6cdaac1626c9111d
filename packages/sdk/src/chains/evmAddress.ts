import { keccak_256 } from "@noble/hashes/sha3.js";
import { hex } from "@scure/base";

const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55 mixed-case checksum spelling of a 0x-address. */
export function checksumEvmAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  let spelled = "0x";
  for (let index = 0; index < lower.length; index++) {
    const char = lower[index]!;
    spelled += Number.parseInt(hash[index]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return spelled;
}

function checkEvmAddress(address: string): string | null {
  if (!evmAddressPattern.test(address)) return null;
  const lower = address.toLowerCase();
  // Canonical input (the usual case in URNs) needs no more than the pattern.
  if (lower === address) return address;
  const body = address.slice(2);
  const mixedCase = body !== body.toUpperCase();
  return mixedCase && checksumEvmAddress(address) !== address ? null : lower;
}

// A pasted 0x-address is checked for each EVM chain in turn: keep the last answer.
let lastAddress: string | undefined;
let lastCanonical: string | null = null;

/**
 * The canonical (lowercase) spelling of an EVM address, or null. All-lowercase and all-uppercase hex
 * carry no checksum; mixed case must match EIP-55, so a mistyped checksummed address is rejected
 * rather than silently accepted.
 */
export function canonicalEvmAddress(address: string): string | null {
  if (address !== lastAddress) {
    lastAddress = address;
    lastCanonical = checkEvmAddress(address);
  }
  return lastCanonical;
}

/** The 20 bytes of an EVM address (see canonicalEvmAddress for the accepted spellings). */
export function decodeEvmAddress(address: string): Uint8Array | null {
  const canonical = canonicalEvmAddress(address);
  return canonical === null ? null : hex.decode(canonical.slice(2));
}

export function encodeEvmAddress(payload: Uint8Array): string {
  return `0x${hex.encode(payload)}`;
}
