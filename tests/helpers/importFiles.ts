import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ImportFormat } from "@sleuth/sdk";

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../packages/server/fixtures/${path}`, import.meta.url)), "utf8");

/** A good file of each import format (docs/IMPORTERS.md), as the importer tests send it. */
export const goodImportFiles: Record<ImportFormat, { text: string; contentType: string; query?: string }> = {
  "graphsense-tagpack": { text: fixture("graphsense/packs/lazarus.yaml"), contentType: "application/yaml" },
  "graphsense-actorpack": {
    text: fixture("graphsense/actors/graphsense.actorpack.yaml"),
    contentType: "application/yaml",
  },
  "ethereum-etl": {
    text: fixture("ethereum-etl/transactions_17173049_first40.csv"),
    contentType: "text/csv",
  },
  "bitcoin-etl": {
    text: fixture("bitcoin-etl/bitcoin_stream_50001_50002.transactions.jsonl"),
    contentType: "application/x-ndjson",
  },
  "ofac-sdn": { text: fixture("ofac-sdn/sanctioned_addresses.csv"), contentType: "text/csv" },
  "address-labels": { text: fixture("sleuth/address-labels.csv"), contentType: "text/csv" },
  cryptoscamdb: { text: fixture("sleuth/scam-reports.yaml"), contentType: "application/yaml" },
  "token-list": { text: fixture("token-lists/metamask.tokenlist.json"), contentType: "application/json" },
  prices: { text: fixture("sleuth/prices/prices.csv"), contentType: "text/csv" },
};

export function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
}

/** 4 KiB of bytes that are no text format: every value, in a fixed order. */
export const binaryFile = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
