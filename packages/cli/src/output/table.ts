export interface Column<T> {
  header: string;
  value: (row: T) => string;
  align?: "left" | "right";
  /** False keeps the column whole on a narrow terminal (a URN to copy); the others shrink instead. */
  shrink?: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ansiPattern = /\u001b\[[0-9;]*m/g;
const segmenter = new Intl.Segmenter();

/** Terminal cells a string takes: graphemes, without colour codes (wide CJK glyphs not counted twice). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const _ of segmenter.segment(text.replace(ansiPattern, ""))) width += 1;
  return width;
}

function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const graphemes = [...segmenter.segment(text)].map((part) => part.segment);
  return `${graphemes.slice(0, Math.max(width - 1, 0)).join("")}…`;
}

function clean(text: string): string {
  return text.replace(/[\t\r\n]+/g, " ");
}

/**
 * On a terminal: aligned columns under an upper-case header, shrinking the widest column to fit
 * `width`. Elsewhere (as gh does): tab-separated values, no header, nothing truncated, so `cut`
 * and `awk` read it.
 */
export function renderTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  options: { tty: boolean; width?: number | undefined },
): string {
  const cells = rows.map((row) => columns.map((column) => clean(column.value(row))));
  if (!options.tty) return cells.map((line) => `${line.join("\t")}\n`).join("");

  const gap = 2;
  const widths = columns.map((column, index) =>
    Math.max(displayWidth(column.header), ...cells.map((line) => displayWidth(line[index] ?? ""))),
  );
  const available = options.width ?? Number.POSITIVE_INFINITY;
  const total = () => widths.reduce((sum, width) => sum + width, 0) + gap * (widths.length - 1);
  const shrinkable = (index: number) => columns[index]?.shrink !== false;
  while (total() > available) {
    const widest = widths.reduce(
      (best, width, index) => (shrinkable(index) && width > (widths[best] ?? -1) ? index : best),
      -1,
    );
    if (widest < 0 || (widths[widest] ?? 0) <= 8) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }

  const line = (values: readonly string[]) =>
    values
      .map((value, index) => {
        const width = widths[index] ?? 0;
        const text = truncate(value, width);
        const padding = " ".repeat(width - displayWidth(text));
        if (columns[index]?.align === "right") return padding + text;
        return index === values.length - 1 ? text : text + padding;
      })
      .join(" ".repeat(gap))
      .trimEnd();
  return [line(columns.map((column) => column.header.toUpperCase())), ...cells.map(line)]
    .map((l) => `${l}\n`)
    .join("");
}

/** `label  value` lines with the values aligned, for a single record (whoami, config). */
export function renderPairs(pairs: readonly (readonly [string, string])[]): string {
  const width = Math.max(0, ...pairs.map(([label]) => displayWidth(label)));
  return pairs
    .map(([label, value]) => `${label}${" ".repeat(width - displayWidth(label))}  ${value}\n`)
    .join("");
}
