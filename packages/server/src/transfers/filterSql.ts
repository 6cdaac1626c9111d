import { parseUrn, type TransferFilters } from "@sleuth/sdk";
import {
  customEntityMembers,
  resolveAddresses,
  resolveCustomEntities,
  resolveEntities,
  type Viewer,
} from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import type { SqlParams } from "./sqlParams.ts";

const comparisons = { gte: ">=", lte: "<=" } as const;

/** The spellings a hash may be stored in: EVM hashes with 0x, UTXO and tron without, solana as given. */
function hashSpellings(text: string): string[] {
  const parts = parseUrn(text);
  if (parts?.kind === "transaction") return [parts.hash];
  const trimmed = text.trim();
  if (!/^(0x)?[0-9a-f]+$/i.test(trimmed)) return [trimmed];
  const bare = trimmed.toLowerCase().replace(/^0x/, "");
  return [bare, `0x${bare}`];
}

/** A counterparty address prefix in the stored spelling: EVM addresses are lowercase. */
function prefixSpelling(prefix: string): string {
  return /^0x/i.test(prefix) ? prefix.toLowerCase() : prefix;
}

/**
 * The 001 §2/§7 filters as SQL predicates over the transfer row `t`, each answered from the row, a
 * primary key or a small reference table, so a filtered listing still walks its subject's index and
 * nothing else. URNs are resolved first; a filter naming nothing the store knows matches no row.
 */
export async function filterPredicates(
  db: Queryable,
  filters: TransferFilters,
  params: SqlParams,
  viewer: Viewer,
): Promise<string[]> {
  const where: string[] = [];
  if (filters.direction) where.push(`t.direction = ${params.add(filters.direction)}`);
  if (filters.timestamp)
    where.push(
      `t.block_timestamp BETWEEN ${params.add(filters.timestamp.gte, "::timestamptz")} AND ${params.add(filters.timestamp.lte, "::timestamptz")}`,
    );
  if (filters.hash)
    where.push(
      `t.transaction_id IN (SELECT x.id FROM transactions x WHERE x.hash = ANY(${params.add(hashSpellings(filters.hash), "::text[]")}))`,
    );
  if (filters.counterpartyEntity) {
    const entities = await resolveEntities(db, filters.counterpartyEntity);
    const customs = await resolveCustomEntities(
      db,
      filters.counterpartyEntity,
      viewer.organizationId,
      viewer.userId,
    );
    const members = await customEntityMembers(
      db,
      customs.map((custom) => custom.id),
    );
    const entityIds = [
      ...entities.map((entity) => entity.id),
      ...[...members.values()].flatMap((m) => m.entityIds),
    ];
    const addressIds = [...members.values()].flatMap((m) => m.addressIds);
    where.push(
      `(t.counterparty_entity_id = ANY(${params.add(entityIds, "::int[]")}) OR t.counterparty_id = ANY(${params.add(addressIds, "::bigint[]")}))`,
    );
  }
  if (filters.counterpartyAddress) {
    const addresses = await resolveAddresses(db, filters.counterpartyAddress);
    where.push(
      `t.counterparty_id = ANY(${params.add(
        addresses.map((address) => address.id),
        "::bigint[]",
      )})`,
    );
  }
  if (filters.counterpartyAddressPrefix)
    where.push(
      `EXISTS (SELECT 1 FROM addresses c WHERE c.id = t.counterparty_id AND starts_with(c.address, ${params.add(prefixSpelling(filters.counterpartyAddressPrefix))}))`,
    );
  if (filters.relevantAmount)
    where.push(
      `t.amount_raw ${comparisons[filters.relevantAmount.operator as keyof typeof comparisons]} ${params.add(String(filters.relevantAmount.value), "::numeric")} * 10::numeric ^ (SELECT a.decimals FROM assets a WHERE a.id = t.asset_id)`,
    );
  if (filters.usdAmount)
    where.push(
      `t.amount_usd ${comparisons[filters.usdAmount.operator as keyof typeof comparisons]} ${params.add(filters.usdAmount.value, "::float8")}`,
    );
  if (filters.asset) {
    const symbols = filters.asset.map((asset) => asset.toUpperCase());
    where.push(
      `t.asset_id IN (SELECT a.id FROM assets a WHERE a.urn = ANY(${params.add(filters.asset, "::text[]")}) OR upper(a.symbol) = ANY(${params.add(symbols, "::text[]")}))`,
    );
  }
  if (filters.chain)
    where.push(
      `t.asset_id IN (SELECT a.id FROM assets a WHERE a.chain = ANY(${params.add(filters.chain, "::text[]")}))`,
    );
  if (filters.category)
    where.push(
      `EXISTS (SELECT 1 FROM address_categories ac JOIN categories k ON k.id = ac.category_id
        WHERE ac.address_id = t.counterparty_id AND (k.name = ANY(${params.add(filters.category, "::text[]")}) OR k.key = ANY(${params.add(filters.category, "::text[]")})))`,
    );
  return where;
}
