import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  formatTriageReportDate,
  loadTriageReportLocale,
  roundFlowAmount,
  type TriageReportRow,
  triageReportCsv,
  triageReportFileName,
  triageReportLanguage,
} from "./triageReport.ts";

const address = `0x${"ab".repeat(20)}`;
const rows: TriageReportRow[] = [
  {
    date: "2024-03-05T13:07:09Z",
    counterparty: "Binance",
    category: "Exchange",
    categoryId: 1,
    direction: "incoming",
    amountUsd: 1234.567891,
  },
  {
    date: "2024-03-06T00:00:00Z",
    counterparty: '=HYPERLINK("http://x")',
    category: "Sanctions",
    categoryId: 8,
    direction: "outgoing",
    amountUsd: 999.123456,
  },
];

describe("002 §9 triage CSV report", () => {
  test("002 §9 the triage report has 8 columns and category 8 marks a lead", async () => {
    const lines = (await triageReportCsv({ chain: "ethereum", address }, rows)).split("\r\n");
    expect(lines[0]).toBe("Date,Chain,Address,Counterparty,Category,Direction,Amount (USD),Lead");
    expect(lines[1]).toBe(
      `"Mar 5, 2024 13:07:09 UTC",ethereum,${address},Binance,Exchange,incoming,1234.5679,No`,
    );
    expect(lines[2]?.endsWith(",Sanctions,outgoing,999.123456,Yes")).toBe(true);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  test("issue 39 a named counterparty reads with its name's kind and its address in the one Counterparty column", async () => {
    const cp = `0x${"cd".repeat(20)}`;
    const named: TriageReportRow[] = [
      {
        ...rows[0]!,
        counterparty: "Hot wallet",
        counterpartyAddress: cp,
        counterpartyName: { name: "Hot wallet", kind: "label", source: "labels.csv" },
      },
      { ...rows[0]!, counterparty: cp, counterpartyAddress: cp, counterpartyName: null },
    ];
    const lines = (await triageReportCsv({ chain: "ethereum", address }, named)).split("\r\n");
    expect(lines[1]).toContain(`,${address},Hot wallet (label · labels.csv) ${cp},Exchange,`);
    expect(lines[2]).toContain(`,${address},${cp},Exchange,`);
  });

  test("002 §9 flow amounts are rounded to 4 decimals above 1000", () => {
    expect(roundFlowAmount(1000.123456)).toBe(1000.1235);
    expect(roundFlowAmount(-2000.000049)).toBe(-2000);
    expect(roundFlowAmount(1000)).toBe(1000);
    expect(roundFlowAmount(0.123456789)).toBe(0.123456789);
  });

  test("002 §9 the report file is named by chain and address", () => {
    expect(triageReportFileName("ethereum", address)).toBe(`ethereum_${address}.csv`);
    expect(triageReportFileName("bitcoin-cash", "bitcoincash:qq1")).toBe("bitcoin-cash_bitcoincash_qq1.csv");
  });

  test("002 §9 report file names are safe for any chain and address", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (chain, address) => {
        const fileName = triageReportFileName(chain, address);
        expect(fileName).toMatch(/^[A-Za-z0-9._-]*\.csv$/);
        expect(fileName).toHaveLength(chain.length + address.length + 5);
      }),
    );
  });

  test("002 §9 report dates are locale-formatted for en, zh, de, es, fr and pt", async () => {
    const date = "2024-03-05T13:07:09Z";
    const formatted = await Promise.all(
      (["en", "zh", "de", "es", "fr", "pt"] as const).map(async (language) =>
        formatTriageReportDate(date, await loadTriageReportLocale(language)),
      ),
    );
    expect(formatted).toEqual([
      "Mar 5, 2024 13:07:09 UTC",
      "2024-03-05 13:07:09 UTC",
      "5. März 2024 13:07:09 UTC",
      "5 mar 2024 13:07:09 UTC",
      "5 mars 2024 13:07:09 UTC",
      "5 de mar de 2024 13:07:09 UTC",
    ]);
    expect(triageReportLanguage("de-AT")).toBe("de");
    expect(triageReportLanguage("ja")).toBe("en");
    expect(triageReportLanguage(undefined)).toBe("en");
  });
});
