import { describe, expect, test } from "vitest";
import { searchSectionColumns } from "../search/searchRows.ts";
import { tableCatalogue } from "../tables/tableCatalogue.ts";
import { resultFigureColumns, resultTables } from "./resultTables.ts";

describe("000 §3 table config of the search results", () => {
  test("000 §3 each section's catalogue table names the results page's columns in order", () => {
    for (const [section, table] of Object.entries(resultTables)) {
      const headers: string[] = tableCatalogue[table].columns.map((column) => column.header);
      // Issue 44: the bulk figures' columns (000 §7) come after the section's own.
      const own = headers.filter((header) => !(header in resultFigureColumns));
      expect(own).toEqual(searchSectionColumns[section as keyof typeof searchSectionColumns]);
      expect(headers.slice(0, own.length)).toEqual(own);
    }
  });
});
