import { describe, expect, test } from "vitest";
import { summaryAnswersText } from "../metrics/printedAnswers.ts";
import { rollupsVersion } from "./rollupVersion.ts";

describe("the rollups' version", () => {
  const statements = ["INSERT INTO a SELECT x FROM b", "INSERT INTO c\n  SELECT y FROM d"];

  test("issue 28 changing how an address's answers are printed changes the version", () => {
    const printedOtherwise = (row: Parameters<typeof summaryAnswersText>[0]) =>
      summaryAnswersText(row).replace("Binance", "BINANCE");
    expect(rollupsVersion(statements, printedOtherwise)).not.toBe(rollupsVersion(statements));
  });

  test("issue 28 changing a rollup's SQL changes the version; re-indenting it does not", () => {
    const version = rollupsVersion(statements);
    expect(rollupsVersion([statements[0]!, "INSERT INTO c SELECT z FROM d"])).not.toBe(version);
    expect(rollupsVersion(["  INSERT INTO a\n\tSELECT x FROM b", "INSERT INTO c SELECT y FROM d"])).toBe(
      version,
    );
  });
});
