import { expect, test } from "vitest";
import { addressChainUrn } from "../chains/urn.ts";
import { userReportBodySchemas, userReportKinds, userReportTitles } from "./userReports.ts";

const urn = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");

test("000 §7 every user report kind has a body schema and a palette title", () => {
  expect([...userReportKinds].sort()).toEqual([
    "attribution-report",
    "attribution-request",
    "chainabuse-pro-request",
    "data-refresh",
    "demix-request",
    "le-contact-update-request",
    "notify-vasp-request",
    "status-report",
    "tag-report",
  ]);
  for (const kind of userReportKinds) expect(userReportTitles[kind]).not.toBe("");
});

test("000 §7 report bodies refuse unknown fields and unbounded text", () => {
  const schema = userReportBodySchemas["attribution-report"];
  expect(schema.safeParse({ trmResourceUrn: urn, details: "Not an exchange" }).success).toBe(true);
  expect(schema.safeParse({ trmResourceUrn: urn, details: "x", extra: 1 }).success).toBe(false);
  expect(schema.safeParse({ trmResourceUrn: urn, details: "x".repeat(5000) }).success).toBe(false);
  expect(schema.safeParse({ trmResourceUrn: urn, details: "  " }).success).toBe(false);
});

test("000 §7 notify-vasp-request: entityUrn, requestedDateTime, optional BEACON case number and e-mail", () => {
  const schema = userReportBodySchemas["notify-vasp-request"];
  const base = { entityUrn: "urn:sleuth:entity:aurora-trade", requestedDateTime: "2026-11-27T04:00:00Z" };
  expect(schema.safeParse(base).success).toBe(true);
  expect(schema.safeParse({ ...base, caseNumber: "BEACON-10000", email: "a@x.org" }).success).toBe(true);
  expect(schema.safeParse({ ...base, caseNumber: "BEACON-100000" }).success).toBe(false);
});
