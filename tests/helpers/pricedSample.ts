import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Issue 43's "2017 ethereum-etl sample": the real Ethereum mainnet transactions of 2017-03-06 in the
// ethereum-etl transactions.csv layout (packages/server/fixtures/raphtory-ethereum), which issue 3
// imports, and its busiest address read from the file alone.

export const sample2017File = fileURLToPath(
  new URL(
    "../../packages/server/fixtures/raphtory-ethereum/transactions_3300000_first1000.csv",
    import.meta.url,
  ),
);

/** The address in the most value-moving transactions of a transactions.csv file (ties by address). */
export function busiestAddressOf(file: string): string {
  const [header = "", ...lines] = readFileSync(file, "utf8").split(/\r?\n/);
  const columns = header.split(",");
  const from = columns.indexOf("from_address");
  const to = columns.indexOf("to_address");
  const value = columns.indexOf("value");
  const counts = new Map<string, number>();
  for (const line of lines) {
    const fields = line.split(",");
    if (fields.length < columns.length || fields[value] === "0") continue;
    for (const address of [fields[from], fields[to]])
      if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

/** What the busiest address sent each recipient, in wei, from the file alone. */
export function sentFromFile(address: string): Map<string, bigint> {
  const [header = "", ...lines] = readFileSync(sample2017File, "utf8").split(/\r?\n/);
  const columns = header.split(",");
  const at = (name: string) => columns.indexOf(name);
  const sent = new Map<string, bigint>();
  for (const line of lines) {
    const cells = line.split(",");
    const to = cells[at("to_address")];
    if (cells[at("from_address")] !== address || !to || to === address || cells[at("value")] === "0")
      continue;
    sent.set(to, (sent.get(to) ?? 0n) + BigInt(cells[at("value")]!));
  }
  return sent;
}
