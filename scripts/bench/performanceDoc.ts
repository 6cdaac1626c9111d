import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { benchmarkOfMeasure } from "./benchmarks.ts";

// docs/PERFORMANCE.md is a reference: one "## " section per measure, each a head (what, how,
// target) and its current figures, which the benchmark rewrites in place. A measure run on several
// worlds or stores keeps one "### " subsection per run ("large world, PostgreSQL"), each with the
// date it was measured; a run replaces only its own. Earlier figures live in git history.
//
//   ## Transfers
//
//   - **What**: …
//   - **How**: …
//   - **Target**: …
//
//   ### large world, PostgreSQL
//
//   Measured on 2026-11-27.
//
//   (figures)
//
// Subsections a run did not write (they do not open with "Measured on") are notes kept by hand.

const performanceFile = new URL("../../docs/PERFORMANCE.md", import.meta.url);
const intro =
  "# Performance\n\nOne section per measure: what it measures, how, its target, and the current figures with the date they were measured. Each benchmark under `scripts/bench` rewrites its own section in place (`pnpm bench` lists them, `pnpm bench <name> [args…]` runs one); earlier figures are in the file's git history.\n";

/** What a measure is, for the head of its section. */
export interface MeasureHead {
  /** The section's title, e.g. "Transfers". */
  measure: string;
  what: string;
  how: string;
  target: string;
}

/** One run's figures of a measure. */
export interface MeasureRun {
  measure: string;
  /**
   * Which run: the world and store it measured ("large world", "default world, PostgreSQL"), one
   * subsection each. Empty when the measure has one set of figures, which then fill the section.
   */
  variant: string;
  /** Markdown: tables, the machine and its load, what the figures say against the target. */
  figures: string;
  /** When it was measured (UTC day); today when absent. */
  measuredOn?: Date;
}

interface Span {
  start: number;
  end: number;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The "## " section titled `measure` (heading line to the next "## "), or null. */
function sectionSpan(text: string, measure: string): Span | null {
  const heading = `## ${measure}\n`;
  const start = text.startsWith(heading) ? 0 : text.indexOf(`\n${heading}`) + 1;
  if (start <= 0 && !text.startsWith(heading)) return null;
  const next = text.indexOf("\n## ", start + heading.length - 1);
  return { start, end: next < 0 ? text.length : next + 1 };
}

/** The "### " subsections of a section's text: their heading text and span. */
function subsections(section: string): { title: string; span: Span }[] {
  const found: { title: string; span: Span }[] = [];
  const pattern = /^### (.+)$/gm;
  for (let match = pattern.exec(section); match; match = pattern.exec(section)) {
    found.push({ title: match[1]!, span: { start: match.index, end: section.length } });
  }
  for (let index = 0; index + 1 < found.length; index++)
    found[index]!.span.end = found[index + 1]!.span.start;
  return found;
}

function headText(head: Omit<MeasureHead, "measure">): string {
  return `- **What**: ${head.what}\n- **How**: ${head.how}\n- **Target**: ${head.target}\n`;
}

/** The head of a measure nobody wrote yet: from the benchmark that names it, else a placeholder. */
function defaultHead(measure: string): Omit<MeasureHead, "measure"> {
  const benchmark = benchmarkOfMeasure(measure);
  return benchmark
    ? {
        what: benchmark.what,
        how: `\`pnpm bench ${benchmark.name}${benchmark.args ? ` ${benchmark.args}` : ""}\` (\`scripts/bench/${benchmark.name}.ts\`).`,
        target: benchmark.target,
      }
    : { what: measure, how: "see the figures", target: "none set" };
}

const trimmed = (text: string) => `${text.trim()}\n`;

/**
 * The document with one run of a measure written in place: its section's head replaced when `head`
 * is given (created when the section is new), and its variant's figures replaced (or added after
 * the other runs, before notes kept by hand). Pure, so it is tested without the file.
 */
export function rewriteMeasure(document: string, run: MeasureRun, head?: MeasureHead): string {
  const text = document.trim() === "" ? intro : document;
  const measuredOn = `Measured on ${dayOf(run.measuredOn ?? new Date())}.`;
  const span = sectionSpan(text, run.measure);
  const section = span
    ? text.slice(span.start, span.end)
    : `## ${run.measure}\n\n${headText(head ?? defaultHead(run.measure))}`;
  const parts = subsections(section);
  const bodyStart = parts[0]?.span.start ?? section.length;
  let top = section.slice(0, bodyStart);
  if (head) top = `## ${run.measure}\n\n${headText(head)}`;
  let rest = section.slice(bodyStart);

  if (run.variant === "") {
    // One set of figures: they are the section's whole body, whatever headings they hold.
    const headEnd = top.search(/\n(?:Measured on |Last run on )/);
    const headOnly = headEnd < 0 ? top : top.slice(0, headEnd + 1);
    top = `${trimmed(headOnly)}\n${measuredOn}\n\n${trimmed(run.figures)}`;
    rest = "";
  } else {
    const figures = run.figures.replace(/^(#{3,5}) /gm, "#$1 ");
    const written = `### ${run.variant}\n\n${measuredOn}\n\n${trimmed(figures)}\n`;
    const own = parts.find((part) => part.title === run.variant);
    const runs = parts.filter((part) =>
      section.slice(part.span.start, part.span.end).includes("\nMeasured on "),
    );
    if (own) {
      rest = `${section.slice(bodyStart, own.span.start)}${written}${section.slice(own.span.end)}`;
    } else {
      const at = runs.length > 0 ? runs[runs.length - 1]!.span.end : bodyStart;
      rest = `${section.slice(bodyStart, at)}${written}${section.slice(at)}`;
    }
    top = `${trimmed(top)}\n`;
  }
  const updated = `${top}${rest}`.trimEnd();
  if (!span) return `${text.trimEnd()}\n\n${updated}\n`;
  const after = text.slice(span.end);
  return `${text.slice(0, span.start)}${updated}\n${after === "" ? "" : `\n${after}`}`;
}

/** One run's figures as the document holds them (without its date line), or "" when it has none. */
export function measureFigures(document: string, measure: string, variant: string): string {
  const span = sectionSpan(document, measure);
  if (!span) return "";
  const section = document.slice(span.start, span.end);
  if (variant === "") {
    const at = section.search(/\n(?:Measured on |Last run on )/);
    return at < 0 ? "" : trimmed(section.slice(section.indexOf("\n", at + 1) + 1));
  }
  const own = subsections(section).find((part) => part.title === variant);
  if (!own) return "";
  const body = section.slice(own.span.start, own.span.end).replace(/^### .+\n\nMeasured on [^\n]*\n/, "");
  return trimmed(body.replace(/^#(#{3,5}) /gm, "$1 "));
}

function documentText(): string {
  return existsSync(performanceFile) ? readFileSync(performanceFile, "utf8") : intro;
}

/** Writes one run of a measure into docs/PERFORMANCE.md in place (see rewriteMeasure). */
export function writeMeasure(head: MeasureHead, run: Omit<MeasureRun, "measure">): void {
  writeFileSync(performanceFile, rewriteMeasure(documentText(), { ...run, measure: head.measure }, head));
}

/** The figures docs/PERFORMANCE.md holds for one run of a measure, or "". */
export function readMeasure(measure: string, variant = ""): string {
  return measureFigures(documentText(), measure, variant);
}

/**
 * A section heading of the earlier API ("## Batch, large world, PostgreSQL") as measure and variant:
 * the title before the first comma, the run after it.
 */
export function measureOfHeading(heading: string): { measure: string; variant: string } {
  const title = heading.replace(/^#+\s*/, "").trim();
  const comma = title.indexOf(",");
  return comma < 0
    ? { measure: title, variant: "" }
    : { measure: title.slice(0, comma).trim(), variant: title.slice(comma + 1).trim() };
}

/**
 * The earlier API, kept for benchmarks written against it: the section text as it was ("## heading",
 * then the figures), or "" when the document has none.
 */
export function readPerformanceSection(heading: string): string {
  const { measure, variant } = measureOfHeading(heading);
  const figures = readMeasure(measure, variant);
  return figures === "" ? "" : `${heading}\n\n${figures}`;
}

/**
 * The earlier API: `section` starts with its "## " heading line, which names the measure and the run
 * (measureOfHeading); the figures are written in place of that run's, and the head is kept.
 */
export function writePerformanceSection(heading: string, section: string): void {
  const { measure, variant } = measureOfHeading(heading);
  const figures = section.startsWith(`${heading}\n`) ? section.slice(heading.length + 1) : section;
  writeFileSync(performanceFile, rewriteMeasure(documentText(), { measure, variant, figures }));
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
