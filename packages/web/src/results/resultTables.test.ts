import { describe, expect, test } from "vitest";
import { searchSectionColumns } from "../search/searchRows.ts";
import { tableCatalogue } from "../tables/tableCatalogue.ts";
import { resultTables } from "./resultTables.ts";

describe("000 §3 table config of the search results", () => {
  test("000 §3 each section's catalogue table names the results page's columns in order", () => {
    for (const [section, table] of Object.entries(resultTables))
      expect(tableCatalogue[table].columns.map((column) => column.header)).toEqual(
        searchSectionColumns[section as keyof typeof searchSectionColumns],
      );
  });
});
