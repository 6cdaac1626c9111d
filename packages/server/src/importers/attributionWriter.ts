import type { ChainId } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { addressFactOf, upsertAddresses } from "./addressRows.ts";
import type { EntityRecord, TagRecord } from "./attributionRecords.ts";
import type { BatchOutcome } from "./ledgerWriter.ts";

function displayNameOf(key: string): string {
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Writes attribution inside an import's transaction: categories and confidence levels first met in
 * the file, entities, addresses and tags. Tags are keyed by (address, category, label, source), so
 * the same tag imported twice is written once.
 */
export class AttributionWriter {
  readonly #tx: Queryable;
  /** The format, written on what the import creates (entities.source, new categories' description). */
  readonly #origin: string;
  /** Addresses given tags or an owner by writeTags (the read model follows them, settleWrites). */
  readonly taggedAddressIds = new Set<number>();
  /** Entities writeEntities inserted or changed. */
  readonly changedEntityIds = new Set<number>();

  constructor(tx: Queryable, origin: string) {
    this.#tx = tx;
    this.#origin = origin;
  }

  /** Ids of category keys; a key outside the model becomes a category of origin "imported". */
  async categoryIds(keys: Iterable<string>): Promise<Map<string, number>> {
    const wanted = [...new Set(keys)];
    await this.#tx.query(
      `INSERT INTO categories (id, key, name, origin, description)
       SELECT nextval('categories_imported_id_seq'), key, name, 'imported', $3
       FROM unnest($1::text[], $2::text[]) AS k(key, name)
       WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.key = k.key)
       ON CONFLICT (key) DO NOTHING`,
      [wanted, wanted.map(displayNameOf), `A term first met in a ${this.#origin} import.`],
    );
    const rows = await this.#tx.query<{ id: number; key: string }>(
      "SELECT id, key FROM categories WHERE key = ANY($1::text[])",
      [wanted],
    );
    return new Map(rows.map((row) => [row.key, Number(row.id)]));
  }

  /** Confidence ids outside GraphSense's list are kept, scored like `unknown`. */
  async #ensureConfidences(ids: Iterable<string>): Promise<void> {
    const wanted = [...new Set(ids)];
    await this.#tx.query(
      `INSERT INTO confidence_levels (id, label, description, level)
       SELECT id, id, $2, coalesce((SELECT level FROM confidence_levels WHERE id = 'unknown'), 5)
       FROM unnest($1::text[]) AS c(id)
       ON CONFLICT (id) DO NOTHING`,
      [wanted, `A confidence level first met in a ${this.#origin} import; scored as unknown.`],
    );
  }

  async writeTags(records: readonly TagRecord[]): Promise<BatchOutcome> {
    if (records.length === 0) return { inserted: 0, unchanged: 0, skipped: [] };
    const categoryIds = await this.categoryIds(records.map((record) => record.categoryKey));
    await this.#ensureConfidences(records.map((record) => record.confidence));

    // An actor named by a tag but not (yet) by an ActorPack: a placeholder from the tag, which an
    // ActorPack import later completes.
    const actors = new Map<string, TagRecord>();
    for (const record of records)
      if (record.actor !== null && !actors.has(record.actor)) actors.set(record.actor, record);
    if (actors.size > 0) {
      const firsts = [...actors.values()];
      await this.#tx.query(
        `INSERT INTO entities (slug, name, category_id, source)
         SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[])
         ON CONFLICT (slug) DO NOTHING`,
        [
          firsts.map((record) => record.actor),
          firsts.map((record) => record.label),
          firsts.map((record) => categoryIds.get(record.categoryKey)),
          firsts.map(() => this.#origin),
        ],
      );
    }

    const byChain = new Map<ChainId, TagRecord[]>();
    for (const record of records) {
      const list = byChain.get(record.chain);
      if (list) list.push(record);
      else byChain.set(record.chain, [record]);
    }
    const addressIds = new Map<string, number>();
    for (const [chain, list] of byChain) {
      const ids = await upsertAddresses(
        this.#tx,
        chain,
        list.map((record) => addressFactOf(chain, record.address)),
      );
      for (const [address, id] of ids) addressIds.set(`${chain}:${address}`, id);
    }

    const rows = records.map((record) => ({
      addressId: addressIds.get(`${record.chain}:${record.address}`)!,
      categoryId: categoryIds.get(record.categoryKey)!,
      record,
    }));
    const inserted = await this.#tx.query<{ id: number }>(
      `INSERT INTO attribution_tags (address_id, category_id, entity_id, label, tag_type, evidence, confidence, source,
         is_cluster_definer, created_at)
       SELECT DISTINCT ON (r.address_id, r.category_id, r.label, r.source)
         r.address_id, r.category_id, e.id, r.label, 'ordinary', r.evidence, r.confidence, r.source,
         r.is_cluster_definer, coalesce(r.created_at, now())
       FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::boolean[], $9::timestamptz[], $10::integer[])
         AS r(address_id, category_id, actor, label, evidence, confidence, source, is_cluster_definer, created_at, ordinal)
       LEFT JOIN entities e ON e.slug = r.actor
       WHERE NOT EXISTS (
         SELECT 1 FROM attribution_tags t
         WHERE t.address_id = r.address_id AND t.category_id = r.category_id AND t.label = r.label AND t.source = r.source)
       ORDER BY r.address_id, r.category_id, r.label, r.source, r.ordinal
       RETURNING id`,
      [
        rows.map((row) => row.addressId),
        rows.map((row) => row.categoryId),
        rows.map((row) => row.record.actor),
        rows.map((row) => row.record.label),
        rows.map((row) => row.record.evidence),
        rows.map((row) => row.record.confidence),
        rows.map((row) => row.record.source),
        rows.map((row) => row.record.isClusterDefiner),
        rows.map((row) => row.record.createdAt),
        rows.map((_, index) => index),
      ],
    );

    for (const row of rows) this.taggedAddressIds.add(row.addressId);
    // A tag naming an actor says who controls the address; an owner already known is kept.
    const owned = rows.filter((row) => row.record.actor !== null);
    if (owned.length > 0) {
      await this.#tx.query(
        `UPDATE addresses a SET entity_id = e.id
         FROM unnest($1::bigint[], $2::text[]) AS o(address_id, actor) JOIN entities e ON e.slug = o.actor
         WHERE a.id = o.address_id AND a.entity_id IS NULL`,
        [owned.map((row) => row.addressId), owned.map((row) => row.record.actor)],
      );
    }
    return { inserted: inserted.length, unchanged: records.length - inserted.length, skipped: [] };
  }

  /**
   * Entities from an ActorPack: new ones are inserted; one that an earlier GraphSense import made
   * (a placeholder from a tag, or an older pack) takes the pack's fields. Entities of other origins
   * (the demo world, say) are left alone.
   */
  async writeEntities(records: readonly EntityRecord[]): Promise<BatchOutcome> {
    if (records.length === 0) return { inserted: 0, unchanged: 0, skipped: [] };
    const bySlug = new Map(records.map((record) => [record.slug, record]));
    const rows = [...bySlug.values()];
    const categoryIds = await this.categoryIds(rows.map((record) => record.categoryKey));
    const written = await this.#tx.query<{ id: number }>(
      `INSERT INTO entities (slug, name, category_id, description, website, jurisdiction, source)
       SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT (slug) DO UPDATE SET
         name = EXCLUDED.name, category_id = EXCLUDED.category_id, description = EXCLUDED.description,
         website = EXCLUDED.website, jurisdiction = EXCLUDED.jurisdiction, source = EXCLUDED.source
       WHERE entities.source LIKE 'graphsense%'
         AND (entities.name, entities.category_id, entities.description, entities.website, entities.jurisdiction, entities.source)
           IS DISTINCT FROM
             (EXCLUDED.name, EXCLUDED.category_id, EXCLUDED.description, EXCLUDED.website, EXCLUDED.jurisdiction, EXCLUDED.source)
       RETURNING id`,
      [
        rows.map((record) => record.slug),
        rows.map((record) => record.name),
        rows.map((record) => categoryIds.get(record.categoryKey)),
        rows.map((record) => record.description),
        rows.map((record) => record.website),
        rows.map((record) => record.jurisdiction),
        rows.map((record) => record.source),
      ],
    );
    for (const row of written) this.changedEntityIds.add(Number(row.id));
    return { inserted: written.length, unchanged: records.length - written.length, skipped: [] };
  }
}
