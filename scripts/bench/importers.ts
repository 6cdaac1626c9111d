// Importer benchmark: records per second for each format, first import and repeated import, written
// to the "## Importers" section of docs/PERFORMANCE.md.
//   node scripts/bench/importers.ts          every format on an empty store
//   node scripts/bench/importers.ts world    also ethereum-etl into a store holding the default demo world
// Inputs are the repository's fixtures (packages/server/fixtures) multiplied into larger files with
// fresh keys (transaction hashes, addresses), so each record is new to the store.
import { readFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import type { ImportFormat } from "@sleuth/sdk";
import { type ChainId, encodeAddress } from "@sleuth/sdk";
import {
  type ImportOptions,
  migrate,
  openPgliteStore,
  runImport,
  seedDemoAccounts,
  seedWorld,
} from "@sleuth/server";
import { markdownTable, writePerformanceSection } from "./performanceDoc.ts";

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

/** A deterministic payload of `size` bytes for record `index` of stream `salt`. */
function payload(index: number, size: number, salt: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = (index * 2_654_435_761 + salt * 40_503) >>> 0;
  for (let at = 0; at < size; at++) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    bytes[at] = state & 0xff;
  }
  bytes[0] = index & 0xff;
  bytes[1] = (index >>> 8) & 0xff;
  bytes[2] = (index >>> 16) & 0xff;
  return bytes;
}

const address = (chain: ChainId, form: Parameters<typeof encodeAddress>[1], index: number, salt: number) =>
  encodeAddress(chain, form, payload(index, form === "evm" || form === "p2pkh" ? 20 : 32, salt));

/** Copies of a file's data lines, each copy's transaction hashes given a prefix of its own. */
function multiplied(text: string, copies: number, header: boolean, hashPattern: RegExp): string {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const head = header ? [lines.shift()!] : [];
  const out: string[] = [...head];
  for (let copy = 0; copy < copies; copy++) {
    const prefix = copy.toString(16).padStart(6, "0");
    for (const line of lines)
      out.push(
        line.replace(hashPattern, (hash) => `${hash.slice(0, hash.length - 64)}${prefix}${hash.slice(-58)}`),
      );
  }
  return `${out.join("\n")}\n`;
}

interface Case {
  format: ImportFormat;
  what: string;
  input: () => { text: string; records: number };
  options?: ImportOptions;
}

const count = (text: string) => text.split("\n").filter((line) => line.trim() !== "").length;

const cases: Case[] = [
  {
    format: "ethereum-etl",
    what: "transactions.csv (2017 sample × 20)",
    input: () => {
      const text = multiplied(
        fixture("raphtory-ethereum/transactions_3300000_first1000.csv"),
        20,
        true,
        /^0x[0-9a-f]{64}/gm,
      );
      return { text, records: count(text) - 1 };
    },
  },
  {
    format: "ethereum-etl",
    what: "token_transfers JSON lines (2023 sample × 100)",
    input: () => {
      const text = multiplied(
        fixture("ethereum-etl/token_transfers_17173049.jsonl"),
        100,
        false,
        /"transaction_hash": "0x[0-9a-f]{64}/g,
      );
      return { text, records: count(text) };
    },
  },
  {
    format: "bitcoin-etl",
    what: "transactions JSON lines (block 696,394 sample × 50)",
    input: () => {
      const text = multiplied(
        fixture("bitcoin-block-696394/transactions_selected.jsonl"),
        50,
        false,
        /^\{"hash": "[0-9a-f]{64}/gm,
      );
      return { text, records: count(text) };
    },
  },
  {
    format: "graphsense-tagpack",
    what: "TagPack, 20,000 ethereum tags",
    input: () => {
      const tags = Array.from(
        { length: 20_000 },
        (_, index) => `- address: '${address("ethereum", "evm", index, 1)}'\n  label: Bench ${index % 50}`,
      );
      const text = `title: Bench\ncreator: bench\ncategory: exchange\nconfidence: web_crawl\nsource: https://example.org/bench\ncurrency: ETH\ntags:\n${tags.join("\n")}\n`;
      return { text, records: tags.length };
    },
  },
  {
    format: "graphsense-actorpack",
    what: "ActorPack, 5,000 actors",
    input: () => {
      const actors = Array.from(
        { length: 5_000 },
        (_, index) =>
          `- id: bench-actor-${index}\n  label: Bench Actor ${index}\n  uri: bench-${index}.example\n  categories: [exchange]\n  jurisdictions: [AT]`,
      );
      return {
        text: `title: Bench actors\ncreator: bench\nactors:\n${actors.join("\n")}\n`,
        records: actors.length,
      };
    },
  },
  {
    format: "ofac-sdn",
    what: "one address per line, 20,000 bitcoin addresses",
    options: { asset: "XBT" },
    input: () => {
      const lines = Array.from({ length: 20_000 }, (_, index) => address("bitcoin", "p2pkh", index, 2));
      return { text: `${lines.join("\n")}\n`, records: lines.length };
    },
  },
  {
    format: "address-labels",
    what: "address,label,category CSV, 20,000 rows",
    input: () => {
      const lines = Array.from(
        { length: 20_000 },
        (_, index) => `${address("ethereum", "evm", index, 3)},Bench ${index},gambling`,
      );
      return { text: `address,label,category\n${lines.join("\n")}\n`, records: lines.length };
    },
  },
  {
    format: "cryptoscamdb",
    what: "YAML, 5,000 reports",
    input: () => {
      const entries = Array.from(
        { length: 5_000 },
        (_, index) =>
          `- name: bench-${index}.example\n  url: https://bench-${index}.example\n  category: Phishing\n  subcategory: MetaMask\n  addresses:\n    ETH:\n    - '${address("ethereum", "evm", index, 4)}'`,
      );
      return { text: `${entries.join("\n")}\n`, records: entries.length };
    },
  },
  {
    format: "token-list",
    what: "Token Lists JSON, 5,000 tokens",
    input: () => {
      const tokens = Array.from({ length: 5_000 }, (_, index) => ({
        chainId: 1,
        address: address("ethereum", "evm", index, 5),
        name: `Bench Token ${index}`,
        symbol: `B${index}`,
        decimals: 18,
      }));
      return { text: JSON.stringify({ name: "bench", tokens }, null, 2), records: tokens.length };
    },
  },
];

interface Measurement {
  format: ImportFormat;
  what: string;
  store: string;
  records: number;
  /** Transfer rows the first import wrote (the transaction formats). */
  transferRows: number;
  firstMs: number;
  againMs: number;
}

async function measure(entry: Case, withWorld: boolean): Promise<Measurement> {
  const { text, records } = entry.input();
  const store = await openPgliteStore();
  try {
    await migrate(store);
    if (withWorld) {
      await seedDemoAccounts(store);
      await seedWorld(store, { scale: "default" });
    }
    let started = performance.now();
    const first = await runImport(store, entry.format, text, entry.options);
    const firstMs = performance.now() - started;
    const [written] = await store.query<{ rows: number }>(
      "SELECT count(*)::int AS rows FROM transfers WHERE transaction_id IN (SELECT transaction_id FROM import_movements)",
    );
    if (first.skippedCount > 0)
      throw new Error(
        `${entry.format}: ${first.skippedCount} skipped, e.g. ${JSON.stringify(first.skipped[0])}`,
      );
    started = performance.now();
    const again = await runImport(store, entry.format, text, entry.options);
    const againMs = performance.now() - started;
    if (again.inserted !== 0)
      throw new Error(`${entry.format}: the repeated import inserted ${again.inserted}`);
    return {
      format: entry.format,
      what: entry.what,
      store: withWorld ? "default demo world" : "empty",
      records,
      transferRows: written?.rows ?? 0,
      firstMs,
      againMs,
    };
  } finally {
    await store.close();
  }
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString("en-US");
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function section(measurements: readonly Measurement[]): string {
  return [
    "## Importers",
    "",
    `Measured by \`node scripts/bench/importers.ts [world]\` on ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, embedded PGlite in memory. Inputs are the fixtures in \`packages/server/fixtures\` multiplied with fresh keys (or generated records for the list formats). An import is one transaction: parsing, writing, running balances, settling the rollups of the keys it touched (\`settleWrites\`), and recording the load. The repeated import of the same file writes nothing.`,
    "",
    ...markdownTable(
      [
        "format",
        "input",
        "store",
        "records",
        "transfer rows written",
        "import (s)",
        "records/s",
        "repeat (s)",
        "repeat records/s",
      ],
      measurements.map((m) => [
        m.format,
        m.what,
        m.store,
        m.records.toLocaleString("en-US"),
        m.transferRows > 0 ? m.transferRows.toLocaleString("en-US") : "–",
        seconds(m.firstMs),
        perSecond(m.records, m.firstMs),
        seconds(m.againMs),
        perSecond(m.records, m.againMs),
      ]),
      ["left", "left", "left", "right", "right", "right", "right", "right", "right"],
    ),
    "",
    'Each import settles the rollups of the keys it touched in its own transaction (`settleWrites`, issue 46), so on a store holding the demo world an import pays for its own rows and their neighbourhood, not for the store (the "Rollups" section measures it).',
    "",
  ].join("\n");
}

const withWorld = process.argv.includes("world");
const measurements: Measurement[] = [];
for (const entry of cases) {
  const measurement = await measure(entry, false);
  console.error(
    `${entry.format} (${entry.what}): ${perSecond(measurement.records, measurement.firstMs)} records/s`,
  );
  measurements.push(measurement);
}
if (withWorld) {
  const measurement = await measure(cases[0]!, true);
  console.error(`ethereum-etl into the default world: ${seconds(measurement.firstMs)} s`);
  measurements.push(measurement);
}
const text = section(measurements);
writePerformanceSection("## Importers", text);
console.log(text);
