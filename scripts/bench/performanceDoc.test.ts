import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { benchmarks } from "./benchmarks.ts";
import { measureFigures, measureOfHeading, rewriteMeasure } from "./performanceDoc.ts";

const head = {
  measure: "Transfers",
  what: "pages of the busiest address",
  how: "`pnpm bench transfers [scale]`",
  target: "p95 ≤ 10 ms",
};
const document = `# Performance

Intro.

## Search

- **What**: palette queries
- **How**: \`pnpm bench search\`
- **Target**: p95 ≤ 20 ms

Measured on 2026-11-24.

old search figures

## Transfers

- **What**: old what
- **How**: old how
- **Target**: old target

### default world

Measured on 2026-11-20.

| page | p95 |
| ---- | --: |
| first | 10.3 |

### large world

Measured on 2026-11-21.

large figures

### Why the peak grows

A note kept by hand.

## Graph

graph figures
`;

test("issue 45 a run rewrites its own figures and date in place, leaving the other runs and notes", () => {
  const updated = rewriteMeasure(
    document,
    {
      measure: "Transfers",
      variant: "default world",
      figures: "new default figures\n",
      measuredOn: new Date("2026-12-03T10:00:00Z"),
    },
    head,
  );
  expect(updated).toContain(
    "### default world\n\nMeasured on 2026-12-03.\n\nnew default figures\n\n### large world",
  );
  expect(updated).not.toContain("| first | 10.3 |");
  expect(updated).toContain("### large world\n\nMeasured on 2026-11-21.\n\nlarge figures");
  expect(updated).toContain("### Why the peak grows\n\nA note kept by hand.\n\n## Graph");
  expect(updated).toContain(
    "- **What**: pages of the busiest address\n- **How**: `pnpm bench transfers [scale]`\n- **Target**: p95 ≤ 10 ms\n",
  );
  expect(updated).not.toContain("old what");
  // One section per measure: nothing appended, the order kept.
  expect(updated.match(/^## /gm)).toHaveLength(3);
  expect(updated.indexOf("## Search")).toBeLessThan(updated.indexOf("## Transfers"));
});

test("issue 45 a new run goes after the other runs and before the notes; headings inside it are demoted", () => {
  const updated = rewriteMeasure(document, {
    measure: "Transfers",
    variant: "large world, PostgreSQL",
    figures: "### large world\n\npg figures",
    measuredOn: new Date("2026-12-03T10:00:00Z"),
  });
  const runs = [...updated.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
  expect(runs).toEqual(["default world", "large world", "large world, PostgreSQL", "Why the peak grows"]);
  expect(updated).toContain("#### large world\n\npg figures");
  // The head stays as it was when the run gives none.
  expect(updated).toContain("- **What**: old what");
  expect(measureFigures(updated, "Transfers", "large world, PostgreSQL")).toBe(
    "### large world\n\npg figures\n",
  );
});

test("issue 45 a measure with one set of figures has them replaced whole, under its head", () => {
  const updated = rewriteMeasure(document, {
    measure: "Search",
    variant: "",
    figures: "fresh figures\n\n### small world\n\nsmall",
    measuredOn: new Date("2026-12-03T10:00:00Z"),
  });
  expect(updated).toContain(
    "- **Target**: p95 ≤ 20 ms\n\nMeasured on 2026-12-03.\n\nfresh figures\n\n### small world\n\nsmall\n\n## Transfers",
  );
  expect(updated).not.toContain("old search figures");
  expect(measureFigures(updated, "Search", "")).toBe("fresh figures\n\n### small world\n\nsmall\n");
});

test("issue 45 a measure the document does not hold yet is added with the head of its benchmark", () => {
  const updated = rewriteMeasure(document, {
    measure: "Exports",
    variant: "",
    figures: "export figures",
    measuredOn: new Date("2026-12-03T10:00:00Z"),
  });
  expect(updated.endsWith("Measured on 2026-12-03.\n\nexport figures\n")).toBe(true);
  expect(updated).toContain("## Exports\n\n- **What**: a 100,000-row export job");
  expect(updated).toContain("- **How**: `pnpm bench exports` (`scripts/bench/exports.ts`).");
});

test("issue 45 the earlier headings name a measure and its run", () => {
  expect(measureOfHeading("## Batch, large world, PostgreSQL")).toEqual({
    measure: "Batch",
    variant: "large world, PostgreSQL",
  });
  expect(measureOfHeading("## Palette")).toEqual({ measure: "Palette", variant: "" });
});

test("issue 45 every benchmark script is registered, so `pnpm bench` lists it", () => {
  const folder = new URL("./", import.meta.url);
  const writers = readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .filter((file) =>
      /\b(writePerformanceSection|writeMeasure)\(/.test(readFileSync(new URL(file, folder), "utf8")),
    )
    .filter((file) => file !== "performanceDoc.ts")
    .map((file) => file.replace(/\.ts$/, ""));
  expect(writers.length).toBeGreaterThan(5);
  for (const writer of writers) expect(benchmarks.map((benchmark) => benchmark.name)).toContain(writer);
  for (const benchmark of benchmarks) expect(readdirSync(folder)).toContain(`${benchmark.name}.ts`);
});

test("issue 45 every measure of docs/PERFORMANCE.md is written by a registered benchmark", () => {
  const text = readFileSync(new URL("../../docs/PERFORMANCE.md", import.meta.url), "utf8");
  const measures = [...text.matchAll(/^## (.+)$/gm)]
    .map((match) => match[1]!)
    .filter((title) => title !== "How the hot paths are kept fast");
  expect(measures.length).toBeGreaterThan(5);
  const written = benchmarks.map((benchmark) => benchmark.measure);
  for (const measure of measures) expect(written).toContain(measure);
});
