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

// A 0x-address is checked for each EVM chain in turn: keep the last checksum verdict.
let lastChecked: string | undefined;
let lastChecksumOk = false;

function hasValidChecksum(address: string): boolean {
  if (address !== lastChecked) {
    lastChecked = address;
    lastChecksumOk = checksumEvmAddress(address) === address;
  }
  return lastChecksumOk;
}

/**
 * The 20 bytes of an EVM address. All-lowercase and all-uppercase hex carry no checksum; mixed case
 * must match EIP-55, so a mistyped checksummed address is rejected rather than silently accepted.
 */
export function decodeEvmAddress(address: string): Uint8Array | null {
  if (!evmAddressPattern.test(address)) return null;
  const body = address.slice(2);
  const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixedCase && !hasValidChecksum(address)) return null;
  return hex.decode(body.toLowerCase());
}

export function encodeEvmAddress(payload: Uint8Array): string {
  return `0x${hex.encode(payload)}`;
}
