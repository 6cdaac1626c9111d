import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The real ethereum-etl sample the server's importer tests read (packages/server/fixtures), as
// issue 27's "Done when" imports it: its files and its busiest address, read from the files alone.

export const ethereumEtlFixtureDir = fileURLToPath(
  new URL("../../packages/server/fixtures/ethereum-etl/", import.meta.url),
);
export const ethereumEtlSampleFiles = ["transactions_17173049.jsonl", "token_transfers_17173049.jsonl"];
export const zeroAddress = "0x0000000000000000000000000000000000000000";

/** The address in the most transfers of the files (ties by address), the zero address aside. */
export function busiestSampleAddress(): string {
  const counts = new Map<string, number>();
  for (const file of ethereumEtlSampleFiles)
    for (const line of readFileSync(`${ethereumEtlFixtureDir}${file}`, "utf8").split("\n")) {
      const match = /"from_address": "(0x[0-9a-f]{40})".*"to_address": "(0x[0-9a-f]{40})"/.exec(line);
      for (const address of match ? [match[1]!, match[2]!] : [])
        if (address !== zeroAddress) counts.set(address, (counts.get(address) ?? 0) + 1);
    }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}
