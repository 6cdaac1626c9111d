import { existsSync, readFileSync, writeFileSync } from "node:fs";

// docs/PERFORMANCE.md holds one "## " section per benchmark script; each script rewrites only its own.
const performanceFile = new URL("../../docs/PERFORMANCE.md", import.meta.url);
const header =
  "# Performance\n\nBenchmarks of this repository, each section written by its script under `scripts/bench`: `pnpm bench` lists\nthem, `pnpm bench <name> [args…]` runs one (`pnpm bench batch large`).\n\n";

function documentText(): string {
  return existsSync(performanceFile) ? readFileSync(performanceFile, "utf8") : header;
}

function sectionBounds(text: string, heading: string): { start: number; end: number } | null {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) return null;
  const next = text.indexOf("\n## ", start + 1);
  return { start, end: next < 0 ? text.length : next + 1 };
}

/** The section's current text (heading included), or "" when the document has none yet. */
export function readPerformanceSection(heading: string): string {
  const text = documentText();
  const bounds = sectionBounds(text, heading);
  return bounds ? text.slice(bounds.start, bounds.end) : "";
}

/** Replaces the section that starts with `heading` (a "## " line), or appends it. */
export function writePerformanceSection(heading: string, section: string): void {
  const text = documentText();
  const bounds = sectionBounds(text, heading);
  const updated = bounds
    ? `${text.slice(0, bounds.start)}${section.trimEnd()}\n${bounds.end < text.length ? `\n${text.slice(bounds.end)}` : ""}`
    : `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  writeFileSync(performanceFile, updated);
}

/** A Markdown table padded the way the formatter (biome) lays it out. */
export function markdownTable(
  headings: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ("left" | "right")[],
): string[] {
  const widths = headings.map((heading, column) =>
    Math.max(3, heading.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const cell = (text: string, column: number) =>
    align[column] === "right" ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0);
  const line = (row: readonly string[]) => `| ${row.map(cell).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (align[column] === "right" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(headings.map((heading, column) => cell(heading, column))), rule, ...rows.map(line)];
}
