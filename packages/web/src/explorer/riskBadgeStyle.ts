import type { RiskColor } from "@sleuth/sdk";
import type { CSSProperties } from "react";

/**
 * The CSS of a risk badge for one of the SDK's risk colours (Primer functional tokens such as
 * "danger.fg"): `*.fg` colours the text and border, `*.emphasis` fills the badge.
 */
export function riskBadgeStyle(color: RiskColor): CSSProperties {
  const [name, shade] = color.split(".") as [string, string];
  if (name === "fg") return { color: `var(--fgColor-${shade})`, borderColor: "var(--borderColor-default)" };
  if (shade === "emphasis") {
    return {
      color: "var(--fgColor-onEmphasis)",
      backgroundColor: `var(--bgColor-${name}-emphasis)`,
      borderColor: `var(--bgColor-${name}-emphasis)`,
    };
  }
  return { color: `var(--fgColor-${name})`, borderColor: `var(--borderColor-${name}-emphasis)` };
}
