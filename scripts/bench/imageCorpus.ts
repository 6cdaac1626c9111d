// `node scripts/bench/imageCorpus.ts [count] [folder]`: renders the search-by-image corpus (issue 42)
// in Chromium: screenshots of exchange, wallet and explorer screens holding real identifiers of the
// repository's fixtures, in light and dark themes, monospace and proportional Debian fonts, 11–28 px,
// desktop and 390 px phone layouts at 1×–3×, wrapped identifiers, JPEG at quality 50–95, rotations up
// to 3°, payment-URI QR codes, decoy hex strings and images with none. It writes the images and
// `truth.json` (what each image holds) into the folder, by default .bench/image-corpus (git-ignored).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { displayAddress, recognizeIdentifier } from "../../packages/sdk/src/index.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const defaultCorpusFolder = join(root, ".bench/image-corpus");

/** The fonts the corpus is drawn in, each with the Debian package that installs it. */
const fontPackages = {
  "DejaVu Sans Mono": "fonts-dejavu-core",
  "Liberation Mono": "fonts-liberation",
  "Noto Mono": "fonts-noto-mono",
  "DejaVu Sans": "fonts-dejavu-core",
  "Liberation Sans": "fonts-liberation",
} as const;
type FontFamily = keyof typeof fontPackages;
const monospaceFonts: FontFamily[] = ["DejaVu Sans Mono", "Liberation Mono", "Noto Mono"];
const proportionalFonts: FontFamily[] = ["DejaVu Sans", "Liberation Sans"];

function checkFonts(): void {
  let installed = "";
  try {
    installed = execFileSync("fc-list", [":", "family"], { encoding: "utf8" });
  } catch {
    throw new Error("The corpus needs fontconfig's fc-list to find its fonts: apt-get install fontconfig");
  }
  const families = new Set(
    installed.split("\n").flatMap((line) => line.split(",").map((name) => name.trim())),
  );
  const missing = Object.entries(fontPackages).filter(([family]) => !families.has(family));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map(([, debian]) => debian))].join(" ");
    throw new Error(
      `The corpus is drawn in fonts that are not installed (${missing.map(([family]) => family).join(", ")}): apt-get install ${packages}`,
    );
  }
}

export type IdentifierKind =
  | "bech32"
  | "bitcoin-base58"
  | "litecoin"
  | "dogecoin"
  | "tron"
  | "evm-checksummed"
  | "evm-lowercase"
  | "evm-transaction"
  | "bitcoin-transaction";

/** Real identifiers of the fixtures under packages/server/fixtures, by kind, in a stable order. */
function fixtureIdentifiers(): Record<IdentifierKind, string[]> {
  const found: Record<IdentifierKind, Set<string>> = {
    bech32: new Set(),
    "bitcoin-base58": new Set(),
    litecoin: new Set(),
    dogecoin: new Set(),
    tron: new Set(),
    "evm-checksummed": new Set(),
    "evm-lowercase": new Set(),
    "evm-transaction": new Set(),
    "bitcoin-transaction": new Set(),
  };
  const folder = join(root, "packages/server/fixtures");
  const files: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (/\.(csv|txt|jsonl|yaml|json)$/.test(name)) files.push(child);
    }
  };
  walk(folder);
  for (const file of files) {
    const text = readFileSync(file, "utf8").slice(0, 2_000_000);
    for (const token of text.match(
      /\b(0x[0-9a-fA-F]{40,64}|[13LMDT][1-9A-HJ-NP-Za-km-z]{25,34}|bc1q[02-9ac-hj-np-z]{38}|[0-9a-f]{64})\b/g,
    ) ?? []) {
      const [match] = recognizeIdentifier(token, { recognizeInet: false });
      if (match === undefined || match.chain === "solana") continue;
      if (match.kind === "transaction") {
        found[token.startsWith("0x") ? "evm-transaction" : "bitcoin-transaction"].add(match.value);
        continue;
      }
      if (match.chain === "bitcoin")
        found[match.value.startsWith("bc1") ? "bech32" : "bitcoin-base58"].add(match.value);
      else if (match.chain === "litecoin" || match.chain === "dogecoin" || match.chain === "tron")
        found[match.chain].add(match.value);
      else if (match.value.startsWith("0x")) {
        found["evm-lowercase"].add(match.value);
        found["evm-checksummed"].add(displayAddress("ethereum", match.value));
      }
    }
  }
  return Object.fromEntries(Object.entries(found).map(([kind, values]) => [kind, [...values]])) as Record<
    IdentifierKind,
    string[]
  >;
}

/** A seeded generator (mulberry32): the same corpus on every machine. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface CorpusImage {
  file: string;
  /** The identifiers the image shows (canonical spelling), text and QR alike. */
  identifiers: string[];
  /** What kind of image it is, for the benchmark's breakdown. */
  tags: string[];
  layout: "desktop" | "phone";
  theme: "light" | "dark";
  font: string;
  fontSize: number;
  scale: number;
  format: "png" | "jpeg";
  jpegQuality: number | null;
  rotation: number;
  wrapped: boolean;
  qr: boolean;
  decoys: number;
}

const labels: Record<IdentifierKind, string[]> = {
  bech32: ["Withdrawal address", "BTC deposit address", "Recipient", "Send to"],
  "bitcoin-base58": ["Bitcoin address", "Destination", "From", "Receiving address"],
  litecoin: ["LTC address", "Litecoin deposit address"],
  dogecoin: ["DOGE address", "Dogecoin recipient"],
  tron: ["TRC-20 address", "USDT (TRON) deposit address"],
  "evm-checksummed": ["ERC-20 address", "To", "Wallet", "Contract"],
  "evm-lowercase": ["From", "Sender", "Address"],
  "evm-transaction": ["Transaction hash", "Tx hash", "TxID"],
  "bitcoin-transaction": ["Transaction ID", "TxID", "Bitcoin transaction"],
};
const paymentScheme: Partial<Record<IdentifierKind, string>> = {
  bech32: "bitcoin",
  "bitcoin-base58": "bitcoin",
  litecoin: "litecoin",
  dogecoin: "dogecoin",
  "evm-checksummed": "ethereum",
  "evm-lowercase": "ethereum",
};
const prose = [
  "Your withdrawal request has been submitted and is awaiting network confirmation.",
  "Please make sure the network you choose matches the address, or your assets may be lost.",
  "Funds usually arrive within 30 minutes. Contact support if they have not.",
  "Only send assets on this network to this address. Minimum deposit 0.0001.",
  "We will never ask you for your recovery phrase. Stay safe.",
];
const titles = ["Withdrawal submitted", "Deposit", "Transaction details", "Send", "Payment received"];

function hexOf(random: () => number, length: number): string {
  let text = "";
  for (let index = 0; index < length; index++) text += "0123456789abcdef"[Math.floor(random() * 16)];
  return text;
}

/** Hex strings shown beside identifiers that are none: digests, order ids, short or long 0x numbers. */
function decoyOf(random: () => number): { label: string; value: string } {
  const choices = [
    { label: "Order ID", value: hexOf(random, 32) },
    { label: "SHA-1", value: hexOf(random, 40) },
    { label: "Memo", value: `0x${hexOf(random, 38)}` },
    { label: "Data", value: `0x${hexOf(random, 72)}` },
    { label: "Block hash prefix", value: hexOf(random, 60) },
    { label: "Request", value: `0x${hexOf(random, 8)}…${hexOf(random, 6)}` },
  ];
  return choices[Math.floor(random() * choices.length)]!;
}

const require = createRequire(join(root, "tests/package.json"));
// The scripts folder declares no dependencies: the QR encoder comes from the tests' packages.
const qrcode = require("qrcode") as {
  toString: (text: string, options: object, done?: unknown) => Promise<string>;
};

interface Plan {
  image: CorpusImage;
  html: string;
  viewport: { width: number; height: number };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function planImage(
  index: number,
  pools: Record<IdentifierKind, string[]>,
  random: () => number,
): Promise<Plan> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const layout = random() < 0.4 ? "phone" : "desktop";
  const theme = random() < 0.45 ? "dark" : "light";
  const mono = random() < 0.65;
  const font = pick(mono ? monospaceFonts : proportionalFonts);
  const fontSize = 11 + Math.floor(random() * 18);
  const scale = layout === "phone" ? pick([1, 2, 3]) : pick([1, 1, 2]);
  const none = index % 10 === 9;
  const count = none ? 0 : pick([1, 1, 2, 2, 3]);
  const kinds = Object.keys(pools) as IdentifierKind[];
  const chosen: Array<{ kind: IdentifierKind; value: string }> = [];
  for (let item = 0; item < count; item++) {
    const kind = kinds[(index + item * 3) % kinds.length]!;
    const pool = pools[kind];
    if (pool.length === 0) continue;
    const value = pool[Math.floor(random() * pool.length)]!;
    if (!chosen.some((entry) => entry.value === value)) chosen.push({ kind, value });
  }
  const decoys = none || random() < 0.35 ? 1 + Math.floor(random() * 2) : 0;
  const qrKind = chosen.find((entry) => paymentScheme[entry.kind] !== undefined);
  const qr = !none && qrKind !== undefined && random() < 0.2;
  const rotation = random() < 0.25 ? Math.round((random() * 6 - 3) * 10) / 10 : 0;
  const jpegQuality = random() < 0.4 ? 50 + Math.floor(random() * 46) : null;
  const width = layout === "phone" ? 390 : pick([950, 1100, 1280]);
  // On a phone an identifier longer than the line wraps; on a desktop only a narrow card wraps it.
  const cardWidth = layout === "phone" ? width - 32 : Math.min(width - 80, pick([900, 760, 620]));
  const colours =
    theme === "dark"
      ? {
          page: pick(["#0d1117", "#121212", "#1e1f24"]),
          card: pick(["#161b22", "#1f1f1f", "#26272d"]),
          text: "#e6edf3",
          muted: "#9198a1",
          accent: "#2f81f7",
          border: "#30363d",
        }
      : {
          page: pick(["#f6f8fa", "#ffffff", "#eef1f5"]),
          card: "#ffffff",
          text: pick(["#1f2328", "#000000", "#24292f"]),
          muted: "#59636e",
          accent: "#0969da",
          border: "#d1d9e0",
        };
  const rows: string[] = [];
  const decoyRows = Array.from({ length: decoys }, () => decoyOf(random));
  const entries: Array<{ label: string; value: string; identifier: boolean }> = [
    ...chosen.map(({ kind, value }) => ({ label: pick(labels[kind]), value, identifier: true })),
    ...decoyRows.map((decoy) => ({ ...decoy, identifier: false })),
  ];
  entries.sort(() => random() - 0.5);
  entries.splice(Math.floor(random() * (entries.length + 1)), 0, {
    label: "Amount",
    value: `${(random() * 9).toFixed(4)} ${pick(["BTC", "USDT", "ETH", "LTC"])}`,
    identifier: false,
  });
  for (const entry of entries)
    rows.push(
      `<div class="row"><div class="label">${escapeHtml(entry.label)}</div><div class="value${entry.identifier || entry.value.length > 30 ? " id" : ""}">${escapeHtml(entry.value)}</div></div>`,
    );
  let qrHtml = "";
  if (qr && qrKind !== undefined) {
    const payload = `${paymentScheme[qrKind.kind]}:${qrKind.value}?amount=${(random() * 2).toFixed(3)}`;
    const svg = await qrcode.toString(payload, { type: "svg", margin: 4, errorCorrectionLevel: "M" });
    qrHtml = `<div class="qr">${svg}</div>`;
  }
  const wrapped = chosen.some(({ value }) => value.length * fontSize * 0.62 > cardWidth - 48);
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; background: ${colours.page}; }
    body { font-family: "${font}"; font-size: ${fontSize}px; color: ${colours.text}; padding: 16px; }
    .bar { display: flex; justify-content: space-between; color: ${colours.muted}; font-family: "DejaVu Sans", sans-serif; font-size: 13px; margin-bottom: 16px; }
    .card { width: ${cardWidth}px; max-width: 100%; box-sizing: border-box; background: ${colours.card}; border: 1px solid ${colours.border}; border-radius: 12px; padding: 20px 24px; transform: rotate(${rotation}deg); transform-origin: center; }
    h1 { font-family: "${proportionalFonts[index % 2]}"; font-size: ${Math.max(16, fontSize + 4)}px; margin: 0 0 12px; }
    p { color: ${colours.muted}; font-family: "${proportionalFonts[(index + 1) % 2]}"; font-size: ${Math.max(12, fontSize - 2)}px; line-height: 1.4; }
    .row { margin: 12px 0; }
    .label { color: ${colours.muted}; font-size: ${Math.max(11, fontSize - 2)}px; margin-bottom: 4px; }
    .value.id { word-break: break-all; }
    .qr { width: ${layout === "phone" ? 180 : 200}px; background: #fff; margin: 12px 0; }
    .qr svg { display: block; width: 100%; height: auto; }
    button { font: inherit; font-family: "DejaVu Sans"; font-size: 14px; background: ${colours.accent}; color: #fff; border: 0; border-radius: 6px; padding: 8px 16px; margin-right: 8px; }
  </style></head><body>
    <div class="bar"><span>${pick(["Exchange", "Wallet", "Explorer", "Account"])}</span><span>${pick(["12:41", "09:05", "23:17"])}</span></div>
    <div class="card">
      <h1>${pick(titles)}</h1>
      ${qrHtml}
      ${rows.join("\n")}
      <p>${pick(prose)}</p>
      <button>Copy</button><button>Done</button>
    </div>
  </body></html>`;
  const tags = [
    layout,
    theme,
    mono ? "monospace" : "proportional",
    fontSize < 14 ? "small-text" : fontSize > 20 ? "large-text" : "medium-text",
    `${scale}x`,
    ...(wrapped ? ["wrapped"] : []),
    ...(jpegQuality !== null ? ["jpeg"] : ["png"]),
    ...(rotation !== 0 ? ["rotated"] : []),
    ...(qr ? ["qr"] : []),
    ...(decoys > 0 ? ["decoys"] : []),
    ...(none ? ["none"] : []),
    ...chosen.map(({ kind }) => `kind:${kind}`),
  ];
  const identifiers = chosen.map(
    ({ value }) => recognizeIdentifier(value, { recognizeInet: false })[0]!.value,
  );
  return {
    image: {
      file: `${String(index).padStart(3, "0")}-${layout}-${theme}.${jpegQuality === null ? "png" : "jpg"}`,
      identifiers,
      tags,
      layout,
      theme,
      font,
      fontSize,
      scale,
      format: jpegQuality === null ? "png" : "jpeg",
      jpegQuality,
      rotation,
      wrapped,
      qr,
      decoys,
    },
    html,
    viewport: { width, height: layout === "phone" ? 844 : 640 },
  };
}

/** Renders `count` images into `folder` and writes its truth.json; returns the truth. */
export async function generateImageCorpus(
  count: number,
  folder: string = defaultCorpusFolder,
): Promise<CorpusImage[]> {
  checkFonts();
  const pools = fixtureIdentifiers();
  for (const [kind, values] of Object.entries(pools))
    if (values.length === 0) throw new Error(`The fixtures hold no ${kind} identifier to draw`);
  const { launchChromium } = await import("../../tests/browser/chromium.ts");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const random = randomSource(42);
  const browser = await launchChromium();
  const truth: CorpusImage[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const plan = await planImage(index, pools, random);
      const context = await browser.newContext({
        viewport: plan.viewport,
        deviceScaleFactor: plan.image.scale,
      });
      const page = await context.newPage();
      await page.setContent(plan.html);
      await page.evaluate(() => document.fonts.ready);
      const path = join(folder, plan.image.file);
      await page.screenshot(
        plan.image.jpegQuality === null
          ? { path, type: "png", fullPage: true }
          : { path, type: "jpeg", quality: plan.image.jpegQuality, fullPage: true },
      );
      await context.close();
      truth.push(plan.image);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(join(folder, "truth.json"), `${JSON.stringify(truth, null, 2)}\n`);
  return truth;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 220);
  const folder = process.argv[3] ?? defaultCorpusFolder;
  const truth = await generateImageCorpus(count, folder);
  process.stdout.write(
    `${truth.length} images, ${truth.reduce((sum, image) => sum + image.identifiers.length, 0)} identifiers, in ${folder}\n`,
  );
}
