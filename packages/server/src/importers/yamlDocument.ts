import { isMap, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { ImportFormatError } from "./importErrors.ts";

/** A YAML value with every scalar as a string (the failsafe schema): fields are typed by name. */
export type YamlValue = string | null | YamlValue[] | { [key: string]: YamlValue };

export interface YamlItem {
  line: number;
  value: YamlValue;
}

export interface ParsedYaml {
  root: YamlValue;
  /** The items of a sequence (the root, or the root map's `key`), each with its first line. */
  items(key?: string): YamlItem[];
  /** The entries of the root map, each with the line of its key. */
  entries(): (YamlItem & { key: string })[];
}

/**
 * Parses a YAML document with the failsafe schema: no scalar is guessed into a number or date, so
 * an unquoted `0x…` address or a long id stays exactly as written. Real packs repeat keys now and
 * then; the last one wins rather than failing the file.
 */
export function parseYaml(text: string, what: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { schema: "failsafe", lineCounter, uniqueKeys: false });
  const [error] = document.errors;
  if (error) {
    const line = error.linePos?.[0].line ?? null;
    throw new ImportFormatError(`Not ${what}: ${error.message.split("\n")[0]}`, line);
  }
  const root = (document.toJS({ maxAliasCount: 1_000 }) ?? null) as YamlValue;
  return {
    root,
    items(key) {
      const node: unknown = key === undefined ? document.contents : document.get(key, true);
      if (!isSeq(node)) return [];
      const values = (key === undefined ? root : isRecord(root) ? root[key] : null) as YamlValue[];
      return node.items.map((item, index) => ({
        line: lineCounter.linePos((item as Node).range?.[0] ?? 0).line,
        value: values[index] ?? null,
      }));
    },
    entries() {
      const node = document.contents;
      if (!isMap(node) || !isRecord(root)) return [];
      return node.items.flatMap((pair) => {
        const key = String((pair.key as { value?: unknown } | null)?.value ?? "");
        const value = root[key];
        if (value === undefined) return [];
        return [{ key, line: lineCounter.linePos((pair.key as Node | null)?.range?.[0] ?? 0).line, value }];
      });
    },
  };
}

export function isRecord(value: YamlValue | undefined): value is { [key: string]: YamlValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A scalar field as trimmed text; null when absent, empty or not a scalar. */
export function textField(record: { [key: string]: YamlValue }, key: string): string | null {
  const value = record[key];
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text === "" ? null : text;
}

/** A list field of scalars; a single scalar counts as a list of one. */
export function listField(record: { [key: string]: YamlValue }, key: string): string[] {
  const value = record[key];
  if (typeof value === "string") return value.trim() === "" ? [] : [value.trim()];
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is string => typeof item === "string" && item.trim() !== "")
    .map((item) => item.trim());
}

/**
 * Issue 41: YAML has no end marker, so a file cut short mid-record still parses. A file that does
 * not end with a line break, whose last record lacks a field the one before it has, at any depth of
 * nested maps (or is no record at all), was cut: it is refused naming that record's line, and nothing of it is written.
 * (A cut that leaves every field in place, mid-value, cannot be told from a complete file.)
 */
export function refuseCutShort(text: string, items: readonly YamlItem[], what: string): void {
  if (/\n\s*$/.test(text) || items.length < 2) return;
  const last = items[items.length - 1]!;
  const previous = items[items.length - 2]!;
  if (!isRecord(previous.value)) return;
  const missing = isRecord(last.value) ? missingFields(previous.value, last.value) : [];
  if (isRecord(last.value) && missing.length === 0) return;
  throw new ImportFormatError(
    `Not ${what}: the file ends in the middle of its last record${missing.length > 0 ? ` (no ${missing.join(", ")})` : ""}; it looks cut short`,
    last.line,
  );
}

/** The fields of `model` (dotted, through nested maps) that `record` lacks. */
function missingFields(
  model: { [key: string]: YamlValue },
  record: { [key: string]: YamlValue },
  prefix = "",
): string[] {
  return Object.entries(model).flatMap(([key, value]) => {
    if (!(key in record)) return [`${prefix}${key}`];
    const nested = record[key];
    return isRecord(value) && isRecord(nested) ? missingFields(value, nested, `${prefix}${key}.`) : [];
  });
}
