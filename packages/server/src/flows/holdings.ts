import {
  type AddressHoldings,
  addressChainUrn,
  assetUrn,
  type ChainId,
  type FlowValueType,
  type SubjectStatistics,
} from "@sleuth/sdk";
import {
  customEntityMembers,
  resolveAddresses,
  resolveCustomEntities,
  resolveEntities,
  type Viewer,
} from "../metrics/subjects.ts";
import { unitsOf } from "../search/transactionLookup.ts";
import type { Queryable } from "../store/store.ts";

/**
 * 000 §7 asset_holdings: what each address holds now (address_balances), largest USD value first,
 * then unpriced holdings by amount. A holding is priced at its asset's latest price; null without one.
 * Addresses the store does not know are left out, as in the bulk calls.
 */
export async function assetHoldings(
  db: Queryable,
  urns: readonly string[],
  limit: number,
): Promise<AddressHoldings[]> {
  const addresses = await resolveAddresses(db, urns);
  if (addresses.length === 0) return [];
  const rows = await db.query<{
    address_id: string | number;
    chain: ChainId;
    contract: string;
    symbol: string;
    name: string;
    decimals: number;
    balance: string;
    usd: number | null;
  }>(
    `SELECT h.* FROM unnest($1::bigint[]) AS own(id)
     CROSS JOIN LATERAL (
       SELECT b.address_id, s.chain, s.contract, s.symbol, s.name, s.decimals, b.balance_raw::text AS balance,
         (b.balance_raw / (10::numeric ^ s.decimals))::float8 * p.usd AS usd
       FROM address_balances b
       JOIN assets s ON s.id = b.asset_id
       JOIN addresses a ON a.id = b.address_id
       -- Issue 43: an address with imported transfers is valued at imported prices only.
       LEFT JOIN LATERAL (
         SELECT usd FROM asset_prices
         WHERE asset_id = s.id AND (origin = 'import' OR NOT a.has_imported_transfers)
         ORDER BY day DESC LIMIT 1
       ) p ON true
       WHERE b.address_id = own.id AND b.balance_raw > 0
       ORDER BY usd DESC NULLS LAST, b.balance_raw / (10::numeric ^ s.decimals) DESC, s.symbol
       LIMIT $2
     ) h`,
    [addresses.map((address) => address.id), limit],
  );
  return addresses.map((address) => ({
    addressChainUrn: address.urn,
    holdings: rows
      .filter((row) => Number(row.address_id) === address.id)
      .map((row) => ({
        assetUrn: assetUrn(row.chain, row.contract),
        assetAddressChainUrn: row.contract === "native" ? null : addressChainUrn(row.chain, row.contract),
        assetDisplayName: row.name,
        assetInternalName: row.symbol,
        balanceAmountRaw: unitsOf(row.balance, row.decimals),
        balanceAmountUsd: row.usd,
      })),
  }));
}

/**
 * 002 §3 entity stats of each URN of `valueType` (v4|v5/statistics/{type}/summary and /bulk): how many
 * addresses, first and last activity. Unknown URNs and other organizations' custom entities are left
 * out.
 */
export async function subjectStatistics(
  db: Queryable,
  valueType: FlowValueType,
  urns: readonly string[],
  viewer: Viewer,
): Promise<SubjectStatistics[]> {
  const subjects: { urn: string; addressIds: number[]; entityIds: number[] }[] = [];
  if (valueType === "address") {
    for (const found of await resolveAddresses(db, urns))
      subjects.push({ urn: found.urn, addressIds: [found.id], entityIds: [] });
  } else if (valueType === "entity") {
    for (const found of await resolveEntities(db, urns))
      subjects.push({ urn: found.urn, addressIds: [], entityIds: [found.id] });
  } else {
    const found = await resolveCustomEntities(db, urns, viewer.organizationId, viewer.userId);
    const members = await customEntityMembers(
      db,
      found.map((custom) => custom.id),
    );
    for (const custom of found)
      subjects.push({ urn: custom.urn, ...(members.get(custom.id) ?? { addressIds: [], entityIds: [] }) });
  }
  const answer: SubjectStatistics[] = [];
  for (const subject of subjects) {
    const [row] = await db.query<{ addresses: string | number; first_at: Date | null; last_at: Date | null }>(
      `SELECT count(*) AS addresses, min(a.first_active) AS first_at, max(a.last_active) AS last_at
       FROM (SELECT unnest($1::bigint[]) AS id UNION SELECT id FROM addresses WHERE entity_id = ANY($2::int[])) own
       JOIN addresses a ON a.id = own.id`,
      [subject.addressIds, subject.entityIds],
    );
    answer.push({
      urn: subject.urn,
      addressCount: Number(row?.addresses ?? 0),
      firstActiveDate: row?.first_at ? new Date(row.first_at).toISOString() : null,
      lastActiveDate: row?.last_at ? new Date(row.last_at).toISOString() : null,
    });
  }
  return answer;
}
