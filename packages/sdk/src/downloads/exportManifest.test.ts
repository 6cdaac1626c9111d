import { expect, test } from "vitest";
import { exportCsvHeaderLine, exportCsvText } from "./exportColumns.ts";
import {
  CsvRecordCounter,
  compareWithManifest,
  decodeManifestHeader,
  type ExportManifest,
  encodeManifestHeader,
} from "./exportManifest.ts";

const manifest: ExportManifest = {
  jobType: "SEARCH_RESULTS_CSV",
  parameters: { query: "Zürich ✓", attributionType: "entity" },
  asyncJobUuid: null,
  fileName: "search-results_20240501T080000Z.csv",
  rowCount: 2,
  byteLength: 10,
  sha256: "a".repeat(64),
  serverVersion: "@sleuth/server@0.1.0",
  createdAt: "2024-05-01T08:00:00.000Z",
};

test("001 §4 a manifest crosses an HTTP header intact, whatever its text", () => {
  expect(decodeManifestHeader(encodeManifestHeader(manifest))).toEqual(manifest);
  expect(encodeManifestHeader(manifest)).toMatch(/^[A-Za-z0-9_-]+$/);
});

test("001 §4 rows are counted across chunks, line breaks inside quoted cells included", () => {
  const text = `${exportCsvHeaderLine("SEARCH_RESULTS_CSV")}${exportCsvText(
    "SEARCH_RESULTS_CSV",
    [
      {
        attributionType: "entity",
        match: "exact",
        name: 'a "b"\r\nc',
        urn: null,
        chain: null,
        category: null,
        transfers: 1,
        totalVolumeUsd: 2,
      },
      {
        attributionType: "entity",
        match: "prefix",
        name: "=x",
        urn: null,
        chain: null,
        category: null,
        transfers: null,
        totalVolumeUsd: null,
      },
    ],
    { header: false },
  )}\r\n`;
  for (const size of [1, 2, 3, 7, text.length]) {
    const counter = new CsvRecordCounter();
    for (let start = 0; start < text.length; start += size) counter.push(text.slice(start, start + size));
    expect(counter.rows).toBe(2);
  }
});

test("001 §4 a file differing from its manifest is named by what differs", () => {
  expect(compareWithManifest(manifest, { sha256: "a".repeat(64), byteLength: 10, rowCount: 2 })).toEqual({
    ok: true,
    problems: [],
  });
  const changed = compareWithManifest(manifest, { sha256: "b".repeat(64), byteLength: 10, rowCount: 2 });
  expect(changed.ok).toBe(false);
  expect(changed.problems).toHaveLength(1);
});
