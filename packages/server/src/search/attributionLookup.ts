import type { AttributionTag, EntityAttribution } from "@sleuth/sdk";
import { attributionItemJson } from "../metrics/printedAnswers.ts";
import { summaryAnswersOfUrns } from "../metrics/rememberedAnswers.ts";
import { customEntityMembers, resolveCustomEntities, resolveEntities } from "../metrics/subjects.ts";
import { queryJsonRows } from "../store/jsonRows.ts";
import type { Queryable } from "../store/store.ts";
import { entityCategoryTag, tagsOfAddresses } from "./attributionTags.ts";
import { type AddressOwner, withOwnerTag } from "./ownerTag.ts";

async function ownersOf(db: Queryable, addressIds: readonly number[]): Promise<Map<number, AddressOwner>> {
  const rows = await queryJsonRows<AddressOwner & { id: number }>(
    db,
    `SELECT a.id, e.slug AS owner_slug, e.name AS owner_name, e.category_id AS owner_category_id,
            c.name AS owner_category
     FROM addresses a
     LEFT JOIN entities e ON e.id = a.entity_id
     LEFT JOIN categories c ON c.id = e.category_id
     WHERE a.id = ANY($1::bigint[])`,
    [addressIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * POST /v2/attribution/address (002 §7): each known address's tags, its owner first (000 §3
 * attribution tags with 002 §3 confidence; addressTagsOf). Unknown addresses are left out. The owner
 * and the tags are folded into address_summary by refreshRollups, which prints each address's answer
 * there: a 900-address batch is one probe per address, most often none (the batch's metrics call has
 * just read them). The JSON array of the items.
 */
export async function addressAttribution(db: Queryable, urns: readonly string[]): Promise<string> {
  const found = await summaryAnswersOfUrns(db, urns);
  return `[${found.map(({ urn, answers }) => attributionItemJson(urn, answers)).join(",")}]`;
}

interface EntityTagRow {
  entity_id: number;
  category_id: number;
  category: string;
  tag_type: "ordinary" | "behavioral_signature";
  evidence: string;
  confidence: number;
}

/**
 * POST /v2/attribution/entity (002 §7): an entity's tags are its own category and the other
 * categories its addresses are tagged with in its name (one per category, the most confident
 * evidence); with includeHasInetData, whether any of its addresses was observed with an IP. A custom
 * entity of the caller's organization carries the tags of its members (one per entity and category).
 */
export async function entityAttribution(
  db: Queryable,
  urns: readonly string[],
  options: { includeHasInetData: boolean; organizationId: number; userId?: number },
): Promise<EntityAttribution[]> {
  const entities = await resolveEntities(db, urns);
  const customEntities = await resolveCustomEntities(db, urns, options.organizationId, options.userId);
  const entityIds = entities.map((entity) => entity.id);
  const tagRows = await db.query<EntityTagRow>(
    `SELECT DISTINCT ON (t.entity_id, t.category_id) t.entity_id, t.category_id, c.name AS category,
            t.tag_type, t.evidence, cl.level AS confidence
     FROM attribution_tags t
     JOIN categories c ON c.id = t.category_id
     JOIN confidence_levels cl ON cl.id = t.confidence
     WHERE t.entity_id = ANY($1::int[])
     ORDER BY t.entity_id, t.category_id, cl.level DESC, t.id`,
    [entityIds],
  );
  const inet = options.includeHasInetData
    ? await db.query<{ entity_id: number }>(
        `SELECT e.id AS entity_id FROM unnest($1::int[]) AS e(id)
         WHERE EXISTS (SELECT 1 FROM addresses a JOIN inet_observations o ON o.address_id = a.id
                       WHERE a.entity_id = e.id)`,
        [entityIds],
      )
    : [];
  const withInet = new Set(inet.map((row) => row.entity_id));
  const answers = new Map<string, EntityAttribution>();
  for (const entity of entities) {
    const own = entityCategoryTag(entity);
    const tags: AttributionTag[] = [own];
    for (const row of tagRows) {
      if (row.entity_id !== entity.id || row.category_id === entity.categoryId) continue;
      tags.push({
        category: row.category,
        categoryId: row.category_id,
        entity: entity.name,
        entityUrn: own.entityUrn,
        tagType: row.tag_type,
        source: { evidence: { description: row.evidence } },
        sources: [{ confidenceScore: row.confidence }],
      });
    }
    answers.set(entity.urn, {
      entityUrn: entity.urn,
      tags,
      ...(options.includeHasInetData ? { hasInetData: withInet.has(entity.id) } : {}),
    });
  }
  if (customEntities.length > 0) {
    const members = await customEntityMembers(
      db,
      customEntities.map((custom) => custom.id),
    );
    const memberIds = [...new Set([...members.values()].flatMap((member) => member.addressIds))];
    const [memberTags, owners] = await Promise.all([tagsOfAddresses(db, memberIds), ownersOf(db, memberIds)]);
    const observed = options.includeHasInetData
      ? new Set(
          (
            await db.query<{ address_id: string | number }>(
              "SELECT DISTINCT address_id FROM inet_observations WHERE address_id = ANY($1::bigint[])",
              [memberIds],
            )
          ).map((row) => Number(row.address_id)),
        )
      : new Set<number>();
    for (const custom of customEntities) {
      const member = members.get(custom.id) ?? { addressIds: [], entityIds: [] };
      const distinct = new Map<string, AttributionTag>();
      for (const id of member.addressIds) {
        const owner = owners.get(id);
        const own = memberTags.get(id) ?? [];
        for (const tag of owner ? withOwnerTag(own, owner) : own) {
          const key = `${tag.entityUrn ?? tag.signatureId}:${tag.categoryId}`;
          if (!distinct.has(key)) distinct.set(key, tag);
        }
      }
      answers.set(custom.urn, {
        entityUrn: custom.urn,
        tags: [...distinct.values()],
        ...(options.includeHasInetData
          ? { hasInetData: member.addressIds.some((id) => observed.has(id)) }
          : {}),
      });
    }
  }
  // In request order, each known URN once.
  return [...new Set(urns)].flatMap((urn) => answers.get(urn) ?? []);
}
