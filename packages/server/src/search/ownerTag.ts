import { type AttributionTag, entityUrn } from "@sleuth/sdk";

/** An address's owner as the address queries join it (entities via addresses.entity_id). */
export interface AddressOwner {
  owner_slug: string | null;
  owner_name: string | null;
  owner_category_id: number | null;
  owner_category: string | null;
}

/**
 * SQL for the owner of an address whose entity id `entityId` names (a column of the enclosing query):
 * a JSON AddressOwner object, or NULL for an unattributed address. A correlated subquery by key,
 * like the tags (attributionTags.ts).
 */
export function addressOwnerJsonSql(entityId: string): string {
  return `(SELECT json_build_object('owner_slug', e.slug, 'owner_name', e.name,
            'owner_category_id', e.category_id,
            'owner_category', (SELECT c.name FROM categories c WHERE c.id = e.category_id))
   FROM entities e WHERE e.id = ${entityId})`;
}

export const noOwner: AddressOwner = {
  owner_slug: null,
  owner_name: null,
  owner_category_id: null,
  owner_category: null,
};

/**
 * The address's tags with its owner first: the owner is the resolved ownership attribution
 * (docs/DATA.md), so an investigator sees it even when no tag names that entity.
 */
export function withOwnerTag(tags: readonly AttributionTag[], owner: AddressOwner): AttributionTag[] {
  if (owner.owner_slug === null || owner.owner_name === null || owner.owner_category_id === null) {
    return [...tags];
  }
  const ownerUrn = entityUrn(owner.owner_slug);
  const named = tags.filter((tag) => tag.entityUrn === ownerUrn);
  const others = tags.filter((tag) => tag.entityUrn !== ownerUrn);
  if (named.length > 0) return [...named, ...others];
  const ownerTag: AttributionTag = {
    category: owner.owner_category ?? "",
    categoryId: owner.owner_category_id,
    entity: owner.owner_name,
    entityUrn: ownerUrn,
    tagType: "ordinary",
  };
  return [ownerTag, ...others];
}
