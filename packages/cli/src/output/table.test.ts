import { describe, expect, test } from "vitest";
import { type Column, displayWidth, renderPairs, renderTable } from "./table.ts";

interface Row {
  name: string;
  role: string;
  count: number;
}

const rows: Row[] = [
  { name: "Demo Investigations", role: "admin", count: 12 },
  { name: "Partner Agency", role: "viewer", count: 3 },
];
const columns: Column<Row>[] = [
  { header: "name", value: (row) => row.name },
  { header: "role", value: (row) => row.role },
  { header: "count", value: (row) => String(row.count), align: "right" },
];

describe("renderTable", () => {
  test("on a terminal: upper-case header and aligned columns", () => {
    expect(renderTable(rows, columns, { tty: true })).toBe(
      [
        "NAME                 ROLE    COUNT",
        "Demo Investigations  admin      12",
        "Partner Agency       viewer      3",
        "",
      ].join("\n"),
    );
  });

  test("not on a terminal: tab-separated, no header, nothing truncated", () => {
    expect(renderTable(rows, columns, { tty: false, width: 10 })).toBe(
      "Demo Investigations\tadmin\t12\nPartner Agency\tviewer\t3\n",
    );
  });

  test("tabs and line breaks in values cannot break a row apart", () => {
    const odd = [{ name: "a\tb\nc", role: "viewer", count: 1 }];
    expect(renderTable(odd, columns, { tty: false })).toBe("a b c\tviewer\t1\n");
  });

  test("on a narrow terminal the widest column is shortened with an ellipsis", () => {
    const text = renderTable(rows, columns, { tty: true, width: 30 });
    for (const line of text.trimEnd().split("\n")) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(text).toContain("Demo Investiga…  admin");
  });

  test("a column marked shrink: false stays whole; the others give up the room", () => {
    const urns = [{ name: "Demo Investigations", urn: "urn:sleuth:entity:demo-investigations" }];
    const text = renderTable(
      urns,
      [
        { header: "name", value: (row) => row.name },
        { header: "urn", value: (row) => row.urn, shrink: false },
      ],
      { tty: true, width: 50 },
    );
    expect(text).toContain("urn:sleuth:entity:demo-investigations");
    expect(text).toContain("Demo Inves…  urn:sleuth:entity:demo-investigations");
  });

  test("no rows on a terminal still prints the header", () => {
    expect(renderTable([], columns, { tty: true })).toBe("NAME  ROLE  COUNT\n");
  });
});

test("renderPairs aligns values after their labels", () => {
  expect(
    renderPairs([
      ["name", "Demo User"],
      ["organization", "Demo Investigations (admin)"],
    ]),
  ).toBe("name          Demo User\norganization  Demo Investigations (admin)\n");
});

test("displayWidth ignores colour codes and counts graphemes", () => {
  expect(displayWidth("\u001b[31mred\u001b[39m")).toBe(3);
  expect(displayWidth("café")).toBe(4);
});
