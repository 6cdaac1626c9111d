import {
  categoryKeyOf,
  type EntityRecord,
  isoTimeOf,
  primaryCategoryKey,
  type TagRecord,
} from "./attributionRecords.ts";
import { resolveListedAddress } from "./chainResolution.ts";
import { ImportFormatError, type SkippedRecord } from "./importErrors.ts";
import { isRecord, listField, parseYaml, refuseCutShort, textField, type YamlValue } from "./yamlDocument.ts";

// GraphSense TagPacks and ActorPacks (https://github.com/graphsense/graphsense-tagpack-tool, the
// schema in src/tagpack/conf/*_schema.yaml). Fields are read by name; terms outside the concept
// taxonomy are kept as they are.

type YamlRecord = { [key: string]: YamlValue };

export interface ParsedRecords<T> {
  records: T[];
  skipped: SkippedRecord[];
}

// Tag fields that may also sit in the header, as defaults every tag inherits.
const tagFields = [
  "label",
  "source",
  "currency",
  "network",
  "confidence",
  "context",
  "is_cluster_definer",
  "lastmod",
  "category",
  "abuse",
  "actor",
  "concepts",
  "tag_type",
] as const;

function headerOf(root: YamlRecord): YamlRecord {
  // A pack may nest its header fields under `header:`; fields at the top level win.
  const nested = isRecord(root.header) ? root.header : {};
  const header: YamlRecord = { ...nested };
  for (const [key, value] of Object.entries(root))
    if (key !== "tags" && key !== "header") header[key] = value;
  return header;
}

function inherited(header: YamlRecord, tag: YamlRecord): YamlRecord {
  const effective: YamlRecord = {};
  for (const field of tagFields) if (header[field] !== undefined) effective[field] = header[field]!;
  return { ...effective, ...tag };
}

/** A TagPack's tags on addresses; tags on transactions and on chains Sleuth does not model are skipped. */
export function parseTagPack(text: string): ParsedRecords<TagRecord> {
  const document = parseYaml(text, "a GraphSense TagPack");
  if (!isRecord(document.root) || !Array.isArray(document.root.tags)) {
    throw new ImportFormatError("Not a GraphSense TagPack: it needs a `tags` list", 1);
  }
  const header = headerOf(document.root);
  const title = textField(header, "title") ?? "GraphSense TagPack";
  const evidence = textField(header, "description") ?? title;
  const records: TagRecord[] = [];
  const skipped: SkippedRecord[] = [];
  const tags = document.items("tags");
  refuseCutShort(text, tags, "a complete GraphSense TagPack");
  for (const { line, value } of tags) {
    if (!isRecord(value)) {
      skipped.push({ line, reason: "a tag must be a map of fields" });
      continue;
    }
    const tag = inherited(header, value);
    const address = textField(tag, "address");
    if (address === null) {
      skipped.push({
        line,
        reason: textField(tag, "tx_hash")
          ? "tags on transactions are not imported"
          : "the tag has no address",
      });
      continue;
    }
    const label = textField(tag, "label");
    if (label === null) {
      skipped.push({ line, reason: "the tag has no label" });
      continue;
    }
    // `network` names the chain where `currency` names a token (currency USDT, network ETH).
    const resolved = resolveListedAddress(textField(tag, "network") ?? textField(tag, "currency"), address);
    if (resolved.chain === null) {
      skipped.push({ line, reason: resolved.reason });
      continue;
    }
    records.push({
      line,
      chain: resolved.chain,
      address: resolved.address,
      label,
      categoryKey: primaryCategoryKey([
        textField(tag, "abuse"),
        ...listField(tag, "concepts"),
        textField(tag, "category"),
      ]),
      confidence: categoryKeyOf(textField(tag, "confidence") ?? "unknown") || "unknown",
      source: textField(tag, "source") ?? title,
      evidence,
      actor: textField(tag, "actor"),
      isClusterDefiner: textField(tag, "is_cluster_definer")?.toLowerCase() === "true",
      createdAt: isoTimeOf(textField(tag, "lastmod")),
    });
  }
  return { records, skipped };
}

function contextOf(actor: YamlRecord): YamlRecord {
  const context = actor.context;
  if (isRecord(context)) return context;
  if (typeof context === "string") {
    try {
      const parsed: unknown = JSON.parse(context);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
        return parsed as YamlRecord;
    } catch {
      // A context that is not JSON says nothing we use.
    }
  }
  return {};
}

function websiteOf(uri: string | null): string | null {
  if (uri === null) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(uri) ? uri : `https://${uri}`;
}

/** An ActorPack's actors as entities (slug = actor id, so tags' `actor` fields find them). */
export function parseActorPack(text: string): ParsedRecords<EntityRecord> {
  const document = parseYaml(text, "a GraphSense ActorPack");
  if (!isRecord(document.root) || !Array.isArray(document.root.actors)) {
    throw new ImportFormatError("Not a GraphSense ActorPack: it needs an `actors` list", 1);
  }
  const source = `graphsense-actorpack: ${textField(document.root, "title") ?? "ActorPack"}`;
  const records: EntityRecord[] = [];
  const skipped: SkippedRecord[] = [];
  const actors = document.items("actors");
  refuseCutShort(text, actors, "a complete GraphSense ActorPack");
  for (const { line, value } of actors) {
    if (!isRecord(value)) {
      skipped.push({ line, reason: "an actor must be a map of fields" });
      continue;
    }
    const slug = textField(value, "id");
    const name = textField(value, "label") ?? slug;
    if (slug === null || name === null) {
      skipped.push({ line, reason: "the actor has no id" });
      continue;
    }
    const context = contextOf(value);
    const legalName = typeof context.legal_name === "string" ? context.legal_name.trim() : "";
    const aliases = listField(value, "aliases");
    const description = [
      legalName && legalName !== name ? `Legal name: ${legalName}.` : "",
      aliases.length > 0 ? `Also known as ${aliases.join(", ")}.` : "",
    ]
      .filter(Boolean)
      .join(" ");
    const jurisdiction = listField(value, "jurisdictions")
      .map((code) => code.toUpperCase())
      .find((code) => /^[A-Z]{2}$/.test(code));
    records.push({
      line,
      slug,
      name,
      categoryKey: primaryCategoryKey(listField(value, "categories")),
      description: description || null,
      website: websiteOf(textField(value, "uri")),
      jurisdiction: jurisdiction ?? null,
      source,
    });
  }
  return { records, skipped };
}
