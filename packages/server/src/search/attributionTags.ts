import { type AttributionTag, entityUrn } from "@sleuth/sdk";
import { queryJsonRows } from "../store/jsonRows.ts";
import type { Queryable } from "../store/store.ts";

export interface TagRow {
  category_id: number;
  category: string;
  tag_type: "ordinary" | "behavioral_signature";
  signature_id: string | null;
  signature_name: string | null;
  signature_description: string | null;
  evidence: string;
  confidence: number;
  entity_slug: string | null;
  entity_name: string | null;
}

function tagOf(row: TagRow): AttributionTag {
  const tag: AttributionTag = {
    category: row.category,
    categoryId: row.category_id,
    entity: row.entity_name,
    entityUrn: row.entity_slug === null ? null : entityUrn(row.entity_slug),
    tagType: row.tag_type,
    source: { evidence: { description: row.evidence } },
    sources: [{ confidenceScore: row.confidence }],
  };
  if (row.tag_type === "behavioral_signature") {
    tag.signatureId = row.signature_id;
    tag.signatureName = row.signature_name;
    tag.signatureDescription = row.signature_description;
  }
  return tag;
}

/**
 * SQL for the 000 §3 tags of the address whose id `addressId` names (a column of the enclosing query),
 * the most confident first: a JSON array of TagRow objects, or NULL without tags. A correlated
 * subquery on attribution_tags_address_idx, so a palette page's addresses come with their tags in
 * the statement that finds them; the small lookup tables are read by key, which plans faster than
 * joins (PGlite parses and plans every statement afresh: most of a palette query's time in the store).
 */
export function addressTagsJsonSql(addressId: string): string {
  return `(SELECT json_agg(json_build_object('category_id', t.category_id, 'category', t.category,
            'tag_type', t.tag_type, 'signature_id', t.signature_id, 'signature_name', t.signature_name,
            'signature_description', t.signature_description, 'evidence', t.evidence,
            'confidence', t.level, 'entity_slug', t.entity_slug, 'entity_name', t.entity_name)
          ORDER BY t.level DESC, t.id)
   FROM (SELECT t.id, t.category_id, t.tag_type, t.signature_id, t.signature_name, t.signature_description,
                t.evidence, (SELECT c.name FROM categories c WHERE c.id = t.category_id) AS category,
                (SELECT cl.level FROM confidence_levels cl WHERE cl.id = t.confidence) AS level,
                (SELECT e.slug FROM entities e WHERE e.id = t.entity_id) AS entity_slug,
                (SELECT e.name FROM entities e WHERE e.id = t.entity_id) AS entity_name
         FROM attribution_tags t WHERE t.address_id = ${addressId}) t)`;
}

/** The tags an `addressTagsJsonSql` column holds. */
export function tagsFromJson(tags: readonly TagRow[] | null): AttributionTag[] {
  return (tags ?? []).map(tagOf);
}

/**
 * 000 §3 attribution tags of each address (by id), the most confident first. One indexed query
 * (attribution_tags_address_idx) for any number of addresses: for a batch (address attribution) one
 * statement for all beats `addressTagsJsonSql`'s lookup per address; for a palette page, the extra
 * statement costs more.
 */
export async function tagsOfAddresses(
  db: Queryable,
  addressIds: readonly number[],
): Promise<Map<number, AttributionTag[]>> {
  const tags = new Map<number, AttributionTag[]>();
  if (addressIds.length === 0) return tags;
  const rows = await queryJsonRows<TagRow & { address_id: number }>(
    db,
    `SELECT t.id, t.address_id, t.category_id, c.name AS category, t.tag_type, t.signature_id, t.signature_name,
            t.signature_description, t.evidence, cl.level AS confidence, e.slug AS entity_slug,
            e.name AS entity_name
     FROM attribution_tags t
     JOIN categories c ON c.id = t.category_id
     JOIN confidence_levels cl ON cl.id = t.confidence
     LEFT JOIN entities e ON e.id = t.entity_id
     WHERE t.address_id = ANY($1::bigint[])`,
    [addressIds],
    "q.address_id, q.confidence DESC, q.id",
  );
  for (const row of rows) {
    const id = row.address_id;
    const list = tags.get(id) ?? [];
    list.push(tagOf(row));
    tags.set(id, list);
  }
  return tags;
}

/** The tag an entity carries as itself: its own category, named by it (000 §3 search results). */
export function entityCategoryTag(entity: {
  slug: string;
  name: string;
  categoryId: number;
  category: string;
}): AttributionTag {
  return {
    category: entity.category,
    categoryId: entity.categoryId,
    entity: entity.name,
    entityUrn: entityUrn(entity.slug),
    tagType: "ordinary",
  };
}
