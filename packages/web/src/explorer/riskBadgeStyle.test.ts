import { riskColorOf } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { riskBadgeStyle } from "./riskBadgeStyle.ts";

describe("risk badge colours (002 §9)", () => {
  test("002 §9 Severe is filled red, High red, Medium yellow, Low green", () => {
    expect(riskBadgeStyle(riskColorOf("Severe"))).toMatchObject({
      backgroundColor: "var(--bgColor-danger-emphasis)",
      color: "var(--fgColor-onEmphasis)",
    });
    expect(riskBadgeStyle(riskColorOf("High"))).toMatchObject({ color: "var(--fgColor-danger)" });
    expect(riskBadgeStyle(riskColorOf("Medium"))).toMatchObject({ color: "var(--fgColor-attention)" });
    expect(riskBadgeStyle(riskColorOf("Low"))).toMatchObject({ color: "var(--fgColor-success)" });
  });

  test("000 §9 no risk data is muted, no risk neutral", () => {
    expect(riskBadgeStyle(riskColorOf(0))).toMatchObject({ color: "var(--fgColor-muted)" });
    expect(riskBadgeStyle(riskColorOf(1))).toMatchObject({
      backgroundColor: "var(--bgColor-neutral-emphasis)",
    });
  });
});
