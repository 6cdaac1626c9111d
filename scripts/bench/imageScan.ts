// `pnpm bench imageScan [count] [--keep]`: search by image measured on the corpus (issue 42). Renders the
// corpus (imageCorpus.ts, `count` images, 220 by default; `--keep` reuses .bench/image-corpus when it
// holds as many) and reads every image as the server does, one at a time: recall (identifiers found
// of those shown), precision (found that are shown), and time per image (median, p95), for the whole
// corpus and per kind of image. Each image is read once with the lookup the server gives the scan, on a
// PGlite store holding what the importers take of packages/server/fixtures (the corpus's source): the
// image-alone figures are its reads less those the store confirmed (the scan asks the store only after
// the image has decided), the with-store figures all of them. Then the memory of the server process
// while 4 images are read at once. Writes the "Search by image" section of docs/PERFORMANCE.md.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { ImportFormat } from "@sleuth/sdk";
import {
  type ImportOptions,
  type KnownIdentifiers,
  knownIdentifiersIn,
  migrate,
  nearIdentifiersIn,
  openPgliteStore,
  type PgliteStore,
  runImport,
  type ScanPass,
  scanImage,
  stopTextReader,
} from "@sleuth/server";
import { type CorpusImage, defaultCorpusFolder, generateImageCorpus } from "./imageCorpus.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

interface Outcome {
  image: CorpusImage;
  /** The identifiers the image alone gave. */
  found: string[];
  /** The identifiers given with the store's confirmation: `found` and those the store settled. */
  withStore: string[];
  corrected: number;
  ms: number;
  /** CPU time of the whole process (OCR threads included) while the image was read. */
  cpuMs: number;
  passes: ScanPass[];
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

function summary(outcomes: readonly Outcome[], which: "found" | "withStore" = "found") {
  let shown = 0;
  let hits = 0;
  let found = 0;
  let wrong = 0;
  for (const { image, [which]: read } of outcomes) {
    shown += image.identifiers.length;
    found += read.length;
    hits += read.filter((identifier) => image.identifiers.includes(identifier)).length;
    wrong += read.filter((identifier) => !image.identifiers.includes(identifier)).length;
  }
  const times = outcomes.map((outcome) => outcome.ms);
  const cpu = outcomes.map((outcome) => outcome.cpuMs);
  return {
    images: outcomes.length,
    shown,
    recall: shown === 0 ? 1 : hits / shown,
    precision: found === 0 ? 1 : (found - wrong) / found,
    wrong,
    corrected: outcomes.reduce((sum, outcome) => sum + outcome.corrected, 0),
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    cpuMedian: percentile(cpu, 0.5),
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

const fixturesFolder = new URL("../../packages/server/fixtures/", import.meta.url);

// What the importers take of the fixtures the corpus is drawn from, by format: every file of a
// format's folder, or the one list a format reads.
const fixtureImports: Array<{ format: ImportFormat; path: string; options?: ImportOptions }> = [
  { format: "ethereum-etl", path: "raphtory-ethereum/transactions_3300000_first1000.csv" },
  { format: "ethereum-etl", path: "ethereum-etl/transactions_17173049_first40.csv" },
  { format: "ethereum-etl", path: "ethereum-etl/transactions_17173049.jsonl" },
  { format: "ethereum-etl", path: "ethereum-etl/token_transfers_17173049.jsonl" },
  { format: "ethereum-etl", path: "ethereum-etl/token_transfers_483920.csv" },
  { format: "bitcoin-etl", path: "bitcoin-etl/bitcoin_block_0.transactions.jsonl" },
  { format: "bitcoin-etl", path: "bitcoin-etl/bitcoin_stream_50001_50002.transactions.jsonl" },
  {
    format: "bitcoin-etl",
    path: "bitcoin-etl/bitcoin_cash_block_with_duplicate_txid.transactions.jsonl",
    options: { chain: "bitcoin-cash" },
  },
  {
    format: "bitcoin-etl",
    path: "bitcoin-etl/dogecoin_block_with_float_precision_loss.transactions.jsonl",
    options: { chain: "dogecoin" },
  },
  { format: "bitcoin-etl", path: "bitcoin-block-696394/transactions_selected.jsonl" },
  { format: "ofac-sdn", path: "ofac-sdn/sanctioned_addresses.csv" },
  { format: "graphsense-actorpack", path: "graphsense/actors/graphsense.actorpack.yaml" },
  ...readdirSync(new URL("graphsense/packs/", fixturesFolder))
    .sort()
    .map((name) => ({ format: "graphsense-tagpack" as const, path: `graphsense/packs/${name}` })),
  { format: "address-labels", path: "sleuth/address-labels.csv" },
  { format: "cryptoscamdb", path: "sleuth/scam-reports.yaml" },
  { format: "token-list", path: "token-lists/metamask.tokenlist.json" },
];

/** A PGlite store holding what the importers take of the fixtures, and the files they refused. */
async function fixtureStore(): Promise<{ store: PgliteStore; refused: string[] }> {
  const store = await openPgliteStore();
  await migrate(store);
  const refused: string[] = [];
  for (const { format, path, options } of fixtureImports)
    try {
      await runImport(store, format, readFileSync(new URL(path, fixturesFolder), "utf8"), options);
    } catch (error) {
      refused.push(`${path} (${error instanceof Error ? error.message : String(error)})`);
    }
  return { store, refused };
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const keep = args.includes("--keep");
  const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 220);
  const truthFile = join(defaultCorpusFolder, "truth.json");
  let corpus: CorpusImage[];
  if (
    keep &&
    existsSync(truthFile) &&
    (JSON.parse(readFileSync(truthFile, "utf8")) as CorpusImage[]).length >= count
  )
    corpus = (JSON.parse(readFileSync(truthFile, "utf8")) as CorpusImage[]).slice(0, count);
  else {
    process.stderr.write(`rendering ${count} images in Chromium…\n`);
    corpus = await generateImageCorpus(count);
  }
  process.stderr.write("importing the fixtures into a PGlite store…\n");
  const { store, refused } = await fixtureStore();
  for (const file of refused) process.stderr.write(`not imported: ${file}\n`);
  const known = knownIdentifiersIn(store);
  const near = nearIdentifiersIn(store);
  const held = await storeHolds(corpus, known);
  // The model loads once, as at a server's start; it is not an image's time.
  await scanImage(readFileSync(join(defaultCorpusFolder, corpus[0]!.file)));
  const load = [loadavg()[0]!];
  const outcomes: Outcome[] = [];
  for (const image of corpus) {
    const bytes = readFileSync(join(defaultCorpusFolder, image.file));
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const passes: ScanPass[] = [];
    const reads = await scanImage(bytes, (pass) => passes.push(pass), known, near);
    const ms = performance.now() - started;
    const cpuUsed = process.cpuUsage(cpuBefore);
    const cpuMs = (cpuUsed.user + cpuUsed.system) / 1000;
    const found = reads.filter((read) => read.reading !== "confirmed").map((read) => read.identifier);
    const withStore = reads.map((read) => read.identifier);
    const confirmed = withStore.filter((identifier) => !found.includes(identifier));
    outcomes.push({
      image,
      found,
      withStore,
      corrected: reads.filter((read) => read.reading === "corrected").length,
      ms,
      cpuMs,
      passes,
    });
    const missed = image.identifiers.filter((identifier) => !withStore.includes(identifier));
    const wrong = withStore.filter((identifier) => !image.identifiers.includes(identifier));
    process.stderr.write(
      `${image.file} ${(ms / 1000).toFixed(1)}s${missed.length ? ` missed ${missed.join(" ")}` : ""}${confirmed.length ? ` CONFIRMED ${confirmed.join(" ")}` : ""}${wrong.length ? ` WRONG ${wrong.join(" ")}` : ""}\n`,
    );
    if (outcomes.length % 20 === 0) load.push(loadavg()[0]!);
  }
  await stopTextReader();
  await store.close();
  const memory = await concurrentMemory(corpus);
  load.push(loadavg()[0]!);

  const whole = summary(outcomes);
  const tags = [...new Set(corpus.flatMap((image) => image.tags))].sort();
  const rows = [
    ["whole corpus", whole] as const,
    ...tags.map(
      (tag) => [tag, summary(outcomes.filter((outcome) => outcome.image.tags.includes(tag)))] as const,
    ),
  ].map(([name, figures]) => [
    name,
    String(figures.images),
    String(figures.shown),
    percent(figures.recall),
    percent(figures.precision),
    String(figures.corrected),
    seconds(figures.median),
    seconds(figures.p95),
    seconds(figures.cpuMedian),
  ]);
  const table = markdownTable(
    ["images", "count", "identifiers", "recall", "precision", "corrected", "median", "p95", "CPU median"],
    rows,
    ["left", "right", "right", "right", "right", "right", "right", "right", "right"],
  );
  const meanLoad = load.reduce((sum, value) => sum + value, 0) / load.length;
  const figures = [
    "What limits the figures: tesseract's misreads at small sizes (11–13 px at 1×) and in proportional faces",
    "go beyond the correction's bound (three confusions, or one lost or extra character). A checksummed",
    "address no pass read within that bound is searched again from two passes' reads of it together (where",
    "they differ, either pass's glyphs, then with the confusions, within the same bound of checks), and a",
    "base58 read's letters whose cases differ by size alone (v/V, x/X, u/U…) are turned a few at a time,",
    "every result held to its checksum. Hashes and",
    "lowercase 0x addresses carry no checksum: tesseract misreads a digit as another (an f as 1, a 4 as d)",
    "the same way on every pass, sometimes with high confidence, so such a read is kept only when two passes",
    "gave it (or one did and another spelled it but for one glyph lost or added, its digits not running on",
    "into more hex; the digits about that glyph then count as doubtful), and each of its digits was read",
    "with a confidence of at least 92 (of 100) by one of them with",
    "no pass reading a rival of it (the same but for up to four digits), or else the image settles its up",
    "to four doubtful digits (those no pass read surely, those a rival reads otherwise): in one pass's image",
    "each glyph looks like the surely read glyphs of its digit elsewhere in the identifier (normalised",
    "correlation at least 0.93) and clearly less like any other digit's, no digit's glyph looks more like",
    "another digit's than its own in at least half of the passes' images of it (a 4 surely read as d on",
    "every pass; one image alone among several is a glyph box tesseract misplaced), and no rival's differing",
    "digits are settled so (imageScan/glyphMatch.ts). A doubtful digit with no surely read twin stays",
    "doubtful. A misread two passes repeat (an f read surely as 1, a 6 as b) is put right when a pass's",
    "image shows the glyph drawn as another digit (like that digit's surely read glyphs, clearly less like",
    "its own), the result held to the same rules, the changed glyphs counting as doubtful digits and as no",
    "one's example; it is returned as corrected. Each image costs one OCR pass of the page (its QR codes",
    "painted over, levelled first when its text runs at a slant) and up to five re-reads of its doubtful",
    "lines, each in the alphabet of the identifier it seems to hold (a wrapped hex identifier's case judged",
    "on all its lines), the last with its strokes thickened.",
    "",
    `The first ${corpus.length} images of the corpus${corpus.length < 220 ? " (of 220 drawn; the machine's load left no time for all)" : ""},`,
    `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), shared with other sessions: load average`,
    `${meanLoad.toFixed(1)} over the run (from ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}). Wall-clock times follow that load;`,
    "CPU median is the process's CPU time per image (the OCR threads included), which does not.",
    "",
    ...table,
    "",
    ...passFigures(outcomes),
    ...missFigures(outcomes),
    ...wrongReads(outcomes, "found"),
    ...storeFigures(outcomes, held, refused),
    ...wrongReads(outcomes, "withStore"),
    `Four images read at once by one process (the server's OCR pool serves them in turn): resident memory`,
    `${memory.before} MB before, at most ${memory.peak} MB while reading, ${memory.after} MB after.`,
    "",
  ].join("\n");
  writeMeasure(
    {
      measure: "Search by image",
      what: "search by image on the rendered corpus: recall, precision, time per image, memory (issue 42).",
      how: "`pnpm bench imageScan [count] [--keep]` renders the corpus with `scripts/bench/imageCorpus.ts` (screens of exchanges, wallets and explorers drawn in Chromium from the fixtures' identifiers: light and dark themes, Debian's monospace and proportional fonts at 11–28 px, desktop and 390 px phone layouts at 1×–3×, wrapped identifiers, JPEG quality 50–95, rotations up to 3°, payment-URI QR codes, decoy hex, images with none) and reads each image as `POST /v1/triage/image-scan` does, one at a time after the model has loaded. Recall: identifiers found of those shown; precision: identifiers found that are shown; corrected: found only through the checksum-guided correction. A row `kind:X` is the images showing an X, all their identifiers counted.",
      target:
        "recall ≥ 95 %, precision 100 %, median ≤ 3 s an image on 2 cores, memory bounded with 4 images at once.",
    },
    { variant: "", figures },
  );
  const section = figures;
  process.stdout.write(`${section}\n`);
}

/**
 * Where the time goes, pass by pass: how many images ran it, its tesseract recognitions, its median
 * time, and the identifiers found (and kept) that no other pass of their image read: what the pass
 * adds to recall.
 */
function passFigures(outcomes: readonly Outcome[]): string[] {
  const names = [...new Set(outcomes.flatMap((outcome) => outcome.passes.map((pass) => pass.pass)))];
  const rows = names.map((name) => {
    const runs = outcomes.flatMap((outcome) => outcome.passes.filter((pass) => pass.pass === name));
    const alone = outcomes.reduce((sum, { image, found, passes }) => {
      const only = found.filter((identifier) => {
        if (!image.identifiers.includes(identifier)) return false;
        const readers = passes.filter((pass) => pass.reads.some((read) => read.identifier === identifier));
        return readers.length === 1 && readers[0]!.pass === name;
      });
      return sum + only.length;
    }, 0);
    return [
      name,
      String(runs.length),
      String(runs.reduce((sum, pass) => sum + pass.recognitions, 0)),
      seconds(
        percentile(
          runs.map((pass) => pass.ms),
          0.5,
        ),
      ),
      String(alone),
    ];
  });
  const recognitions = outcomes.reduce(
    (sum, outcome) => sum + outcome.passes.reduce((total, pass) => total + pass.recognitions, 0),
    0,
  );
  return [
    `Passes (${(recognitions / outcomes.length).toFixed(1)} tesseract recognitions an image on average; "found by it alone": identifiers kept that no other pass of their image read):`,
    "",
    ...markdownTable(["pass", "images", "recognitions", "median", "found by it alone"], rows, [
      "left",
      "right",
      "right",
      "right",
      "right",
    ]),
    "",
  ];
}

/** The kind of an identifier an image shows, from its shape and the kinds the image was drawn with. */
function kindOf(identifier: string, tags: readonly string[]): string {
  const kinds = tags.flatMap((tag) => (tag.startsWith("kind:") ? [tag.slice(5)] : []));
  if (/^0x[0-9a-f]{64}$/.test(identifier)) return "evm-transaction";
  if (/^[0-9a-f]{64}$/.test(identifier)) return "bitcoin-transaction";
  if (identifier.startsWith("0x")) {
    const evm = kinds.filter((kind) => kind === "evm-checksummed" || kind === "evm-lowercase");
    return evm.length === 1 ? evm[0]! : "evm address";
  }
  if (identifier.startsWith("bc1")) return "bech32";
  return (
    { L: "litecoin", M: "litecoin", D: "dogecoin", T: "tron" }[identifier[0]!] ??
    (kinds.includes("bitcoin-base58") ? "bitcoin-base58" : "base58")
  );
}

// As uncheckedReads.ts counts them: two reads of one length differing in at most this many digits.
const rivalDigits = 4;

/**
 * Why each identifier shown was missed, by kind: no pass read it whole (even through the checksum's
 * correction), or, for one without a checksum, it was read but held back: by one pass only, with a
 * digit no pass read surely and the image did not settle, or beside a rival reading of it.
 */
function missFigures(outcomes: readonly Outcome[]): string[] {
  const reasons = ["never read whole", "one pass only", "doubtful digits", "rival reading"] as const;
  const byKind = new Map<string, { shown: number; missed: Record<(typeof reasons)[number], number> }>();
  for (const { image, found, passes } of outcomes)
    for (const identifier of image.identifiers) {
      const kind = kindOf(identifier, image.tags);
      const row = byKind.get(kind) ?? {
        shown: 0,
        missed: Object.fromEntries(reasons.map((reason) => [reason, 0])) as Record<
          (typeof reasons)[number],
          number
        >,
      };
      byKind.set(kind, row);
      row.shown++;
      if (found.includes(identifier)) continue;
      const reads = passes.flatMap((pass) => pass.reads.filter((read) => read.identifier === identifier));
      const rival = passes.some((pass) =>
        pass.reads.some(
          (read) =>
            read.identifier.length === identifier.length &&
            read.identifier !== identifier &&
            [...identifier].filter((glyph, index) => read.identifier[index] !== glyph).length <= rivalDigits,
        ),
      );
      row.missed[
        reads.length === 0
          ? "never read whole"
          : rival
            ? "rival reading"
            : reads.length === 1
              ? "one pass only"
              : "doubtful digits"
      ]++;
    }
  const rows = [...byKind.entries()]
    .sort(([one], [other]) => one.localeCompare(other))
    .map(([kind, { shown, missed }]) => [
      kind,
      String(shown),
      String(reasons.reduce((sum, reason) => sum + missed[reason], 0)),
      ...reasons.map((reason) => String(missed[reason])),
    ]);
  return [
    "Misses by kind of identifier and why (a hash or lowercase 0x address read whole but held back: read by one pass only, a digit no pass read surely that its own glyphs did not settle, or another pass's rival reading of it):",
    "",
    ...markdownTable(["kind", "shown", "missed", ...reasons], rows, [
      "left",
      "right",
      "right",
      "right",
      "right",
      "right",
      "right",
    ]),
    "",
  ];
}

/** The identifiers read that an image does not show, one line each, for the section. */
function wrongReads(outcomes: readonly Outcome[], which: "found" | "withStore"): string[] {
  const lines = outcomes.flatMap(({ image, [which]: found }) =>
    found
      .filter((identifier) => !image.identifiers.includes(identifier))
      .map(
        (identifier) =>
          `- ${image.file}: \`${identifier}\` (shows ${image.identifiers.map((shown) => `\`${shown}\``).join(", ")})`,
      ),
  );
  const title = which === "found" ? "Wrong reads:" : "Wrong reads with the store's confirmation:";
  return lines.length === 0 ? [] : [title, "", ...lines, ""];
}

/** The corpus's identifiers the fixture store holds: those the store's confirmation can help. */
async function storeHolds(corpus: readonly CorpusImage[], known: KnownIdentifiers): Promise<Set<string>> {
  const identifiers = [...new Set(corpus.flatMap((image) => image.identifiers))];
  const held = await known(
    identifiers.map((identifier) => ({
      identifier,
      kind: /^(0x)?[0-9a-f]{64}$/.test(identifier) ? ("transaction" as const) : ("address" as const),
    })),
  );
  return new Set(held);
}

/**
 * The image alone against the image with the store's confirmation, per kind of identifier: how many
 * the store holds, and the misses either way.
 */
function storeFigures(
  outcomes: readonly Outcome[],
  held: ReadonlySet<string>,
  refused: readonly string[],
): string[] {
  const alone = summary(outcomes, "found");
  const withStore = summary(outcomes, "withStore");
  const byKind = new Map<
    string,
    { shown: number; held: number; missedAlone: number; missedWithStore: number }
  >();
  for (const { image, found, withStore: confirmed } of outcomes)
    for (const identifier of image.identifiers) {
      const kind = kindOf(identifier, image.tags);
      const row = byKind.get(kind) ?? { shown: 0, held: 0, missedAlone: 0, missedWithStore: 0 };
      byKind.set(kind, row);
      row.shown++;
      if (held.has(identifier)) row.held++;
      if (!found.includes(identifier)) row.missedAlone++;
      if (!confirmed.includes(identifier)) row.missedWithStore++;
    }
  const heldShown = outcomes.reduce(
    (sum, { image }) => sum + image.identifiers.filter((identifier) => held.has(identifier)).length,
    0,
  );
  const rows = [...byKind.entries()]
    .sort(([one], [other]) => one.localeCompare(other))
    .map(([kind, row]) => [
      kind,
      String(row.shown),
      String(row.held),
      String(row.missedAlone),
      String(row.missedWithStore),
    ]);
  const distinct = new Set(outcomes.flatMap(({ image }) => image.identifiers));
  return [
    `With the store's confirmation (the same run): the scan is given the lookup the server gives it, on a PGlite store holding what the importers take of packages/server/fixtures${refused.length > 0 ? ` (not imported: ${refused.join("; ")})` : ""}. The store holds ${[...distinct].filter((identifier) => held.has(identifier)).length} of the corpus's ${distinct.size} distinct identifiers (${heldShown} of the ${alone.shown} shown); the others can only be read from the image.`,
    "",
    "The store settles only what the image alone left in doubt (reads the agreement rules held back, a hash or 0x address a glyph short or long, an EIP-55 address whose checksum failed): of the bounded readings of such a read (storeConfirmation.ts) it must hold exactly one. A token whose readings are too many to list (a checksummed address misread beyond the correction's bound) is looked up by its first glyphs, and kept only when exactly one stored identifier is within a few OCR confusions of it and no other comes near (nearMatches.ts). Here the store holds nearly the whole corpus, drawn from the fixtures it imported, so the with-store figure is the most the confirmation can give; an investigator's screenshot of a transaction or address the store does not hold gets the image-alone answer. The times above include the store's lookups (two statements a scan).",
    "",
    ...markdownTable(
      ["figures", "recall", "precision", "wrong reads"],
      [
        ["image alone", percent(alone.recall), percent(alone.precision), String(alone.wrong)],
        ["with the store", percent(withStore.recall), percent(withStore.precision), String(withStore.wrong)],
      ],
      ["left", "right", "right", "right"],
    ),
    "",
    ...markdownTable(
      ["kind", "shown", "held by the store", "missed, image alone", "missed, with the store"],
      rows,
      ["left", "right", "right", "right", "right"],
    ),
    "",
  ];
}

/** Resident memory (MB) of this process before, during (peak) and after reading 4 images at once, twice. */
async function concurrentMemory(
  corpus: readonly CorpusImage[],
): Promise<{ before: number; peak: number; after: number }> {
  const mb = () => Math.round(process.memoryUsage().rss / 1_048_576);
  // The largest images: phone screens at 3×.
  const largest = [...corpus].sort((a, b) => b.scale - a.scale).slice(0, 4);
  await scanImage(readFileSync(join(defaultCorpusFolder, largest[0]!.file)));
  const before = mb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, mb());
  }, 50);
  for (let round = 0; round < 2; round++)
    await Promise.all(largest.map((image) => scanImage(readFileSync(join(defaultCorpusFolder, image.file)))));
  clearInterval(sampler);
  const after = mb();
  await stopTextReader();
  return { before, peak: Math.max(peak, after), after };
}

await main();
