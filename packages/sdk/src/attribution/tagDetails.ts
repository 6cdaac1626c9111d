import { missingValueText } from "../format/numbers.ts";
import type { AttributionTag } from "./attributionTag.ts";

/** 000 §2 tag popover: what one attribution tag rests on, as label and value lines. */
export interface TagDetail {
  label: "Category" | "Source" | "Confidence" | "Signature";
  value: string;
}

/**
 * 000 §2 / §3: a tag's popover shows its category (and category type), its source (the evidence)
 * and its confidence (002 §3 `sources[].confidenceScore`, 0..100, the most confident source), and
 * for a behavioural signature what the signature says.
 */
export function attributionTagDetails(tag: AttributionTag): TagDetail[] {
  const scores = (tag.sources ?? []).map((source) => source.confidenceScore);
  const details: TagDetail[] = [
    { label: "Category", value: tag.categoryType ? `${tag.category} (${tag.categoryType})` : tag.category },
    { label: "Source", value: tag.source?.evidence.description.trim() || missingValueText },
    { label: "Confidence", value: scores.length > 0 ? `${Math.max(...scores)} / 100` : missingValueText },
  ];
  if (tag.tagType === "behavioral_signature" && tag.signatureName) {
    const about = tag.signatureDescription ? `: ${tag.signatureDescription}` : "";
    details.push({ label: "Signature", value: `${tag.signatureName}${about}` });
  }
  return details;
}
