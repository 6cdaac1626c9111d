import { z } from "zod";
import { truncateText } from "../format/text.ts";

/** 001 §3: the scam categories named; the service sends others too, so any string is accepted. */
export const knownScamCategories = ["MALWARE", "SIM_SWAP", "NFT", "AIRDROP", "ROMANCE"] as const;

/** 001 §3 Scam report (from the external scam-reporting service). */
export const scamReportSchema = z.object({
  id: z.string(),
  scamCategory: z.string(),
  description: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  addresses: z.array(
    z.object({ address: z.string(), chain: z.string().nullable(), domain: z.string().nullable() }),
  ),
  checked: z.boolean(),
  trusted: z.boolean(),
  reportedBy: z.object({ username: z.string() }),
});
export type ScamReport = z.infer<typeof scamReportSchema>;

/** 001 §2 / §9: the preview shows 3 addresses and 200 characters of the description. */
export const scamReportPreviewLimits = { addresses: 3, descriptionCharacters: 200 } as const;

/** 001 §8: the specification does not word these; this is ours. */
export const scamReportMessages = {
  loadFailed: "Scam reports could not be loaded. Please contact support if this continues.",
  noneFound: "No reports of fraudulent activity were found for this element.",
} as const;

/** A readable label for a category code ("SIM_SWAP" -> "Sim swap"). */
export function scamCategoryLabel(category: string): string {
  const words = category.trim().toLowerCase().replaceAll("_", " ");
  return words === "" ? "Other" : words.charAt(0).toUpperCase() + words.slice(1);
}

export function scamReportPreview(report: ScamReport): {
  addresses: ScamReport["addresses"];
  moreAddressCount: number;
  description: string;
} {
  const addresses = report.addresses.slice(0, scamReportPreviewLimits.addresses);
  return {
    addresses,
    moreAddressCount: report.addresses.length - addresses.length,
    description: truncateText(report.description, scamReportPreviewLimits.descriptionCharacters),
  };
}
