import { type ChainId, nativeAssetId, parseUrn } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import type { SkippedRecord } from "./importErrors.ts";
import type { BatchOutcome } from "./ledgerWriter.ts";
import type { PriceRecord } from "./priceFiles.ts";
import { priceChangesCreate } from "./repricing.ts";

/**
 * The assets a price file's asset names (docs/IMPORTERS.md "Prices"): an asset URN names one asset;
 * a symbol names the native coins of that symbol (ETH is the coin of ethereum and of the rollups that
 * use it), else every asset of that symbol; a chain id (CoinGecko's `ethereum`) names its coin.
 */
export async function assetIdsNamed(tx: Queryable, name: string): Promise<number[]> {
  const trimmed = name.trim();
  if (trimmed.toLowerCase().startsWith("urn:")) {
    const parts = parseUrn(trimmed);
    if (parts?.kind !== "asset") return [];
    const rows = await tx.query<{ id: number }>("SELECT id FROM assets WHERE chain = $1 AND contract = $2", [
      parts.chain as ChainId,
      parts.asset,
    ]);
    return rows.map((row) => Number(row.id));
  }
  const rows = await tx.query<{ id: number; native: boolean }>(
    `SELECT id, contract = $2 AS native FROM assets WHERE upper(symbol) = upper($1) AND symbol <> 'UNKNOWN'
     UNION ALL
     SELECT id, true FROM assets WHERE chain = lower($1) AND contract = $2
     ORDER BY id`,
    [trimmed, nativeAssetId],
  );
  const natives = rows.filter((row) => row.native);
  return [...new Set((natives.length > 0 ? natives : rows).map((row) => Number(row.id)))];
}

/**
 * Writes imported prices inside an import's transaction, batch by batch: a new (asset, day) price is
 * inserted, a demo price or an earlier import's is replaced, each with its source. Every (asset, day)
 * whose price changed is kept in price_changes for the re-pricing that follows (repriceDays).
 */
export class PriceWriter {
  readonly #tx: Queryable;
  readonly #source: string;
  readonly #fileAsset: string | null;
  readonly #assets = new Map<string, number[]>();
  #started = false;

  constructor(tx: Queryable, source: string, fileAsset: string | null) {
    this.#tx = tx;
    this.#source = source;
    this.#fileAsset = fileAsset;
  }

  async #assetIds(name: string): Promise<number[]> {
    const key = name.trim().toLowerCase();
    let ids = this.#assets.get(key);
    if (ids === undefined) {
      ids = await assetIdsNamed(this.#tx, name);
      this.#assets.set(key, ids);
    }
    return ids;
  }

  async write(records: readonly PriceRecord[]): Promise<BatchOutcome> {
    const skipped: SkippedRecord[] = [];
    if (!this.#started) {
      await this.#tx.query(priceChangesCreate);
      this.#started = true;
    }
    // The last price of an (asset, day) in the file wins.
    const rows = new Map<string, { assetId: number; day: string; usd: number; record: PriceRecord }>();
    for (const record of records) {
      const name = record.asset ?? this.#fileAsset;
      if (name === null) {
        skipped.push({ line: record.line, reason: "no asset: name it with --asset" });
        continue;
      }
      const ids = await this.#assetIds(name);
      if (ids.length === 0) {
        skipped.push({ line: record.line, reason: `no asset "${name}" in the store` });
        continue;
      }
      for (const assetId of ids)
        rows.set(`${assetId}/${record.day}`, { assetId, day: record.day, usd: record.usd, record });
    }
    const values = [...rows.values()];
    if (values.length === 0) return { inserted: 0, unchanged: 0, skipped };
    const written = await this.#tx.query<{ asset_id: number; day: unknown }>(
      `WITH written AS (
         INSERT INTO asset_prices (asset_id, day, usd, origin, source)
         SELECT r.asset_id, r.day, r.usd, 'import', $4 FROM unnest($1::int[], $2::date[], $3::float8[]) AS r(asset_id, day, usd)
         ON CONFLICT (asset_id, day) DO UPDATE SET usd = EXCLUDED.usd, origin = 'import', source = EXCLUDED.source
           WHERE (asset_prices.usd, asset_prices.origin, asset_prices.source)
             IS DISTINCT FROM (EXCLUDED.usd, 'import', EXCLUDED.source)
         RETURNING asset_id, day
       ), marked AS (
         INSERT INTO price_changes SELECT asset_id, day FROM written ON CONFLICT DO NOTHING
       )
       SELECT asset_id, to_char(day, 'YYYY-MM-DD') AS day FROM written`,
      [
        values.map((row) => row.assetId),
        values.map((row) => row.day),
        values.map((row) => row.usd),
        this.#source,
      ],
    );
    const changed = new Set(written.map((row) => `${row.asset_id}/${row.day}`));
    const insertedRecords = new Set<PriceRecord>();
    for (const [key, row] of rows) if (changed.has(key)) insertedRecords.add(row.record);
    const kept = records.length - skipped.length;
    return { inserted: insertedRecords.size, unchanged: kept - insertedRecords.size, skipped };
  }
}
