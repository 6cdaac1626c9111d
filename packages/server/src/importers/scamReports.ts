import type { ChainId } from "@sleuth/sdk";
import { isoTimeOf } from "./attributionRecords.ts";
import { resolveListedAddress } from "./chainResolution.ts";
import { ImportFormatError, type SkippedRecord } from "./importErrors.ts";
import { isRecord, listField, parseYaml, refuseCutShort, textField, type YamlValue } from "./yamlDocument.ts";

// CryptoScamDB-style scam reports (CryptoScamDB/blacklist data/urls.yaml): a YAML list of entries
// with name, url, category, subcategory, description, reporter and addresses by coin ticker.

export interface ScamReportAddress {
  /** null when the coin is not a chain Sleuth models or the address fails its checks: kept as reported. */
  chain: ChainId | null;
  address: string | null;
  domain: string | null;
}

export interface ScamReportRecord {
  line: number;
  /** The report's id in its source (its URL, else its name): a repeated import finds it. */
  sourceId: string;
  scamCategory: string;
  description: string;
  createdAt: string | null;
  checked: boolean;
  trusted: boolean;
  reportedBy: string;
  addresses: ScamReportAddress[];
}

/** The source name scam reports of this format are filed under. */
export const cryptoScamDbSource = "cryptoscamdb";

// 001 §3 names MALWARE, SIM_SWAP, NFT, AIRDROP and ROMANCE "and others": the spec's categories
// where the entry's words say so, else the entry's own category in the same UPPER_SNAKE form.
const categoryHints: readonly (readonly [RegExp, string])[] = [
  [/sim.?swap/i, "SIM_SWAP"],
  [/airdrop/i, "AIRDROP"],
  [/\bnft/i, "NFT"],
  [/romance|dating/i, "ROMANCE"],
  [/malware|clipper|drainer/i, "MALWARE"],
];

export function scamCategoryOf(category: string | null, subcategory: string | null): string {
  for (const [pattern, code] of categoryHints) {
    if (pattern.test(subcategory ?? "") || pattern.test(category ?? "")) return code;
  }
  const code = (category ?? "")
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (code === "SCAMMING") return "SCAM";
  return code === "" ? "OTHER" : code;
}

function domainOf(url: string | null, name: string | null): string | null {
  for (const candidate of [url, name]) {
    if (candidate === null) continue;
    try {
      const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate) ? candidate : `http://${candidate}`)
        .hostname;
      if (host.includes(".")) return host.toLowerCase();
    } catch {
      // Not a URL or host name: a handle, say.
    }
  }
  return null;
}

/** `addresses` as a map of coin → list (urls.yaml), or a plain list with an optional `coin`. */
function addressesOf(entry: { [key: string]: YamlValue }, domain: string | null): ScamReportAddress[] {
  const found: ScamReportAddress[] = [];
  const add = (coin: string | null, address: string) => {
    const resolved = resolveListedAddress(coin === "UNKNOWN" ? null : coin, address);
    found.push(
      resolved.chain === null
        ? { chain: null, address: address.trim(), domain }
        : { chain: resolved.chain, address: resolved.address, domain },
    );
  };
  const addresses = entry.addresses;
  if (isRecord(addresses)) {
    for (const [coin, list] of Object.entries(addresses)) {
      for (const address of listField({ list }, "list")) add(coin, address);
    }
  } else {
    for (const address of [...listField(entry, "addresses"), ...listField(entry, "address")])
      add(textField(entry, "coin"), address);
  }
  return found;
}

export function parseScamReports(text: string): { records: ScamReportRecord[]; skipped: SkippedRecord[] } {
  const document = parseYaml(text, "a CryptoScamDB list");
  const entries = Array.isArray(document.root)
    ? document.items()
    : isRecord(document.root)
      ? document.items("entries")
      : [];
  if (entries.length === 0 && !Array.isArray(document.root)) {
    throw new ImportFormatError("Not a CryptoScamDB list: the file must be a YAML list of entries", 1);
  }
  refuseCutShort(text, entries, "a complete CryptoScamDB list");
  const records: ScamReportRecord[] = [];
  const skipped: SkippedRecord[] = [];
  for (const { line, value } of entries) {
    if (!isRecord(value)) {
      skipped.push({ line, reason: "an entry must be a map of fields" });
      continue;
    }
    const name = textField(value, "name");
    const url = textField(value, "url");
    const sourceId = url ?? name;
    if (sourceId === null) {
      skipped.push({ line, reason: "the entry has neither url nor name" });
      continue;
    }
    const category = textField(value, "category");
    const subcategory = textField(value, "subcategory");
    const domain = domainOf(url, name);
    const addresses = addressesOf(value, domain);
    records.push({
      line,
      sourceId,
      scamCategory: scamCategoryOf(category, subcategory),
      description:
        textField(value, "description") ??
        [category, subcategory].filter(Boolean).join(": ") + (name ? ` (${name})` : ""),
      createdAt: isoTimeOf(
        textField(value, "date") ?? textField(value, "created_at") ?? textField(value, "reported"),
      ),
      // Entries reached the list through its maintainers' review; the reporters are not vetted parties.
      checked: true,
      trusted: false,
      reportedBy: textField(value, "reporter") ?? "CryptoScamDB",
      addresses: addresses.length > 0 ? addresses : [{ chain: null, address: null, domain }],
    });
  }
  return { records, skipped };
}
