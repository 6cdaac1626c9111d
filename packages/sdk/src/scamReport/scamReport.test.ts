import { expect, test } from "vitest";
import { scamCategoryLabel, scamReportPreview, scamReportSchema } from "./scamReport.ts";

const report = scamReportSchema.parse({
  id: "r-1",
  scamCategory: "SIM_SWAP",
  description: "x".repeat(250),
  createdAt: "2024-05-01T08:00:00Z",
  addresses: ["a", "b", "c", "d", "e"].map((address) => ({ address, chain: "bitcoin", domain: null })),
  checked: true,
  trusted: false,
  reportedBy: { username: "victim42" },
});

test("001 §9 the scam report preview shows 3 addresses and 200 characters", () => {
  const preview = scamReportPreview(report);
  expect(preview.addresses.map((entry) => entry.address)).toEqual(["a", "b", "c"]);
  expect(preview.moreAddressCount).toBe(2);
  expect(preview.description).toBe(`${"x".repeat(200)}…`);
  expect(scamReportPreview({ ...report, description: "short" }).description).toBe("short");
});

test("001 §3 Scam report categories include ones beyond the named five", () => {
  expect(scamReportSchema.safeParse({ ...report, scamCategory: "CONTRACT_EXPLOIT" }).success).toBe(true);
  expect(scamReportSchema.safeParse({ ...report, reportedBy: {} }).success).toBe(false);
  expect(scamCategoryLabel("SIM_SWAP")).toBe("Sim swap");
});
