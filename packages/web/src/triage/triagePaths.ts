import { consolePath, consolePaths } from "@sleuth/sdk";

// 002 §2 triage links: the address page `address/{address}/{chain}` and the transaction page, built
// from the SDK's consolePaths, which the router matches too.

export function triageAddressPath(chain: string, address: string, query?: Record<string, string>): string {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
  return `${consolePath(consolePaths.triageAddress, { address, chain })}${search}`;
}

export function triageTransactionPath(chain: string, hash: string): string {
  return consolePath(consolePaths.triageTransaction, { chain, hash });
}
