import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type GraphExportSelection,
  graphCsvFileName,
  graphExportAllState,
  graphExportGroupState,
  graphExportImageSize,
  isGraphExportDownloadDisabled,
  nextGraphExportStep,
  toggleGraphExportAll,
  toggleGraphExportElement,
  toggleGraphExportGroup,
} from "./graphExport.ts";

describe("002 §5 graph image export", () => {
  test("002 §5 export image dimension is capped at 10000 px keeping the ratio", () => {
    expect(graphExportImageSize(4000, 3000)).toEqual({ width: 4000, height: 3000, scale: 1 });
    expect(graphExportImageSize(20_000, 5_000)).toEqual({ width: 10_000, height: 2_500, scale: 0.5 });
    expect(graphExportImageSize(3_000, 30_000)).toMatchObject({ width: 1_000, height: 10_000 });
  });

  test("002 §5 capped export sizes stay within 10000 px and within a pixel of the ratio", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (width, height) => {
          const size = graphExportImageSize(width, height);
          expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(10_000);
          expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(1);
          if (width <= 10_000 && height <= 10_000) expect(size).toEqual({ width, height, scale: 1 });
          else expect(Math.abs(size.width - width * size.scale)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("002 §9 graph CSV file name", () => {
  test("002 §9 CSV file name replaces non-alphanumerics and falls back to unnamed_graph", () => {
    expect(graphCsvFileName("Ransomware / wallets #2")).toBe("Ransomware___wallets__2.csv");
    expect(graphCsvFileName("  ")).toBe("unnamed_graph.csv");
    expect(graphCsvFileName(null)).toBe("unnamed_graph.csv");
    expect(graphCsvFileName("Café 🚀")).toBe("Caf___.csv");
  });

  test("002 §9 CSV file names are always safe and keep one character per character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        const fileName = graphCsvFileName(name);
        expect(fileName).toMatch(/^[A-Za-z0-9_]+\.csv$/);
        const trimmed = name.trim();
        if (trimmed !== "") expect(fileName.length - 4).toBe(Array.from(trimmed).length);
      }),
    );
  });
});

const none: GraphExportSelection = {
  addresses: [],
  entities: [],
  flows: [],
  transfers: [],
  offChainNodes: [],
  offChainEdges: [],
};
const available: GraphExportSelection = {
  ...none,
  addresses: ["a1", "a2"],
  flows: ["f1"],
  offChainNodes: ["n1"],
};

describe("002 §4 graph export selection", () => {
  test("002 §4 export checkboxes are checked all, none or indeterminate", () => {
    expect(graphExportGroupState(none, available, "addresses")).toBe("unchecked");
    const one = toggleGraphExportElement(none, "addresses", "a1");
    expect(graphExportGroupState(one, available, "addresses")).toBe("indeterminate");
    expect(graphExportAllState(one, available)).toBe("indeterminate");
    const group = toggleGraphExportGroup(one, available, "addresses");
    expect(graphExportGroupState(group, available, "addresses")).toBe("checked");
    expect(toggleGraphExportGroup(group, available, "addresses").addresses).toEqual([]);
    const everything = toggleGraphExportAll(one, available);
    expect(graphExportAllState(everything, available)).toBe("checked");
    expect(toggleGraphExportAll(everything, available)).toEqual(none);
  });

  test("002 §5 export Download is disabled when nothing is selected", () => {
    expect(isGraphExportDownloadDisabled(none)).toBe(true);
    expect(isGraphExportDownloadDisabled({ ...none, flows: ["f1"] })).toBe(false);
  });

  test("002 §4 a warning step comes before download when off-chain elements are selected", () => {
    expect(nextGraphExportStep("select", { ...none, addresses: ["a1"] })).toBe("download");
    const offChain = { ...none, addresses: ["a1"], offChainEdges: ["e1"] };
    expect(nextGraphExportStep("select", offChain)).toBe("offChainWarning");
    expect(nextGraphExportStep("offChainWarning", offChain)).toBe("download");
  });
});
