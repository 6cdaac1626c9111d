import Papa from "papaparse";
import { categoryKeyOf, categoryKeyOfTerm, type TagRecord } from "./attributionRecords.ts";
import { resolveListedAddress } from "./chainResolution.ts";
import { csvRows, requireColumns } from "./csvRows.ts";
import { ImportFormatError, type SkippedRecord } from "./importErrors.ts";
import { type ImportSource, peekFirstLine, textLines } from "./importSource.ts";

/** Control characters besides tab and carriage return, or U+FFFD where bytes were not UTF-8. */
function isUnreadableText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0d) || code === 0xfffd) return true;
  }
  return false;
}

export type ListItem = { record: TagRecord } | { skipped: SkippedRecord };

/** docs/IMPORTERS.md: what an OFAC SDN digital-currency address becomes. */
export const sanctionsTag = {
  label: "OFAC SDN list",
  categoryKey: "sanction",
  confidence: "authority_data",
  source: "https://sanctionslist.ofac.treas.gov/",
} as const;

function sanctionTag(line: number, asset: string | null, address: string): ListItem {
  const resolved = resolveListedAddress(asset, address);
  if (resolved.chain === null) return { skipped: { line, reason: resolved.reason } };
  return {
    record: {
      line,
      chain: resolved.chain,
      address: resolved.address,
      ...sanctionsTag,
      evidence: `Listed by the US Treasury (OFAC) on the SDN list as a digital currency address${asset ? ` (${asset})` : ""}.`,
      actor: null,
      isClusterDefiner: false,
      createdAt: null,
    },
  };
}

/**
 * The OFAC SDN digital-currency lists as 0xB10C/ofac-sanctioned-digital-currency-addresses
 * publishes them: `sanctioned_addresses_<ASSET>.txt` (one address per line; the asset comes from
 * `asset`, else each address's form) or a CSV with `asset` and `address` columns.
 */
export async function* parseSanctionsList(
  source: ImportSource,
  asset: string | null,
): AsyncGenerator<ListItem> {
  const { firstLine, rest } = await peekFirstLine(source);
  const header =
    Papa.parse<string[]>(firstLine.trim()).data[0]?.map((name) => name.trim().toLowerCase()) ?? [];
  if (header.includes("address")) {
    for await (const row of csvRows(rest, (found) =>
      requireColumns(found, ["address"], "an OFAC address CSV"),
    )) {
      if (row.problem) {
        yield { skipped: { line: row.line, reason: row.problem } };
        continue;
      }
      const rowAsset = row.fields.asset || row.fields.currency || row.fields.chain || asset;
      yield sanctionTag(row.line, rowAsset || null, row.fields.address ?? "");
    }
    return;
  }
  let line = 0;
  for await (const text of textLines(rest)) {
    line++;
    // Issue 41: bytes no text list holds (a binary or UTF-16 file read as text) mean another file.
    if (isUnreadableText(text))
      throw new ImportFormatError(`Not an OFAC SDN address list: it holds binary data, not addresses`, line);
    const address = text.trim();
    if (address !== "" && !address.startsWith("#")) yield sanctionTag(line, asset, address);
  }
}

export interface LabelListOptions {
  /** The tags' source when the file has no `source` column. */
  source: string;
}

/**
 * A plain `address,label,category` CSV (more columns are allowed: `chain` or `currency`,
 * `confidence`, `source`). Without a chain column the chain is inferred from the address form.
 */
export async function* parseLabelList(
  source: ImportSource,
  options: LabelListOptions,
): AsyncGenerator<ListItem> {
  const rows = csvRows(source, (header) =>
    requireColumns(header, ["address", "label", "category"], "an address list"),
  );
  for await (const row of rows) {
    if (row.problem) {
      yield { skipped: { line: row.line, reason: row.problem } };
      continue;
    }
    const { address = "", label = "", category = "" } = row.fields;
    if (label === "") {
      yield { skipped: { line: row.line, reason: "no label" } };
      continue;
    }
    const categoryKey = categoryKeyOfTerm(category);
    if (categoryKey === "") {
      yield { skipped: { line: row.line, reason: "no category" } };
      continue;
    }
    const ticker = row.fields.chain || row.fields.network || row.fields.currency || null;
    const resolved = resolveListedAddress(ticker, address);
    if (resolved.chain === null) {
      yield { skipped: { line: row.line, reason: resolved.reason } };
      continue;
    }
    yield {
      record: {
        line: row.line,
        chain: resolved.chain,
        address: resolved.address,
        label,
        categoryKey,
        confidence: categoryKeyOf(row.fields.confidence ?? "") || "unknown",
        source: row.fields.source || options.source,
        evidence: `Listed as "${label}" (${category}) in ${row.fields.source || options.source}.`,
        actor: null,
        isClusterDefiner: false,
        createdAt: null,
      },
    };
  }
}
