import type { AttributionLabel } from "@sleuth/sdk";
import { fieldSeparator } from "../metrics/subjects.ts";

// Issue 39: what names an address nobody is known to own, beside its owner entity (the SDK's
// counterpartyNameOf decides between them): its best ordinary attribution tag, the most confident,
// then the most recent, as `label chr(31) source`. One probe of attribution_tags_address_idx.

/** The best label of the address whose id is `addressId` (an SQL expression), or NULL. */
export function bestLabelSql(addressId: string): string {
  // Aliases of their own: `addressId` may name a column of the caller's `t` or `cl`.
  return `(SELECT best_tag.label || chr(31) || best_tag.source FROM attribution_tags best_tag
      LEFT JOIN confidence_levels best_level ON best_level.id = best_tag.confidence
      WHERE best_tag.address_id = ${addressId} AND best_tag.tag_type = 'ordinary'
      ORDER BY best_level.level DESC NULLS LAST, best_tag.created_at DESC, best_tag.id DESC LIMIT 1)`;
}

/** bestLabelSql's text as the wire's label, or null. */
export function attributionLabelOf(text: string | null | undefined): AttributionLabel | null {
  if (text === null || text === undefined) return null;
  const cut = text.indexOf(fieldSeparator);
  return cut < 0 ? { label: text, source: "" } : { label: text.slice(0, cut), source: text.slice(cut + 1) };
}
