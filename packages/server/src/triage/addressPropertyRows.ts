import {
  type AddressPropertiesItem,
  type AddressPropertiesRequest,
  addressPropertyDisplayNames,
  type ChainId,
  canonicalAddress,
  triageMessages,
} from "@sleuth/sdk";
import { badRequest } from "../http/errors.ts";
import { isoInstant } from "../metrics/miniSummary.ts";
import type { Queryable } from "../store/store.ts";

interface PropertyRow {
  position: number;
  address: string | null;
  address_type: string | null;
  multisig: string | null;
  public_key_compressed: boolean | null;
  first_active: string | null;
  last_active: string | null;
  balance_usd: number | null;
  total_transactions: number | null;
  inbound_transactions: number | null;
  outbound_transactions: number | null;
}

type PropertyName = keyof typeof addressPropertyDisplayNames;

function property(name: PropertyName, value: string | number | boolean | null) {
  return { internal_name: name, name: addressPropertyDisplayNames[name], value };
}

/**
 * 002 §7 address properties (docs/API.md "Triage"): per address, in the order asked, the six the spec
 * names (transactions counted by transaction, not by transfer row; the balance in USD, null when no
 * price values it) and the 001 §3 property tags the store knows. An unknown address has none.
 */
export async function addressPropertyItems(
  db: Queryable,
  request: AddressPropertiesRequest,
): Promise<AddressPropertiesItem[]> {
  const asked = request.addresses.map(({ address, chain }) => {
    const canonical = canonicalAddress(chain, address);
    if (canonical === null) throw badRequest(`${triageMessages.invalidAddress} (${chain} ${address})`);
    return { address: canonical, chain };
  });
  const rows = await db.query<PropertyRow>(
    `SELECT k.position::int AS position, a.address, a.address_type, a.multisig, a.public_key_compressed,
       to_json(s.first_active) #>> '{}' AS first_active, to_json(s.last_active) #>> '{}' AS last_active,
       s.balance_usd::float8 AS balance_usd,
       c.total::int AS total_transactions, c.inbound::int AS inbound_transactions,
       c.outbound::int AS outbound_transactions
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(address, chain, position)
     LEFT JOIN addresses a ON a.address = k.address AND a.chain = k.chain
     LEFT JOIN address_summary s ON s.address_id = a.id
     LEFT JOIN LATERAL (
       SELECT count(DISTINCT t.transaction_id) AS total,
         count(DISTINCT t.transaction_id) FILTER (WHERE t.direction = 'incoming') AS inbound,
         count(DISTINCT t.transaction_id) FILTER (WHERE t.direction = 'outgoing') AS outbound
       FROM transfers t WHERE t.address_id = a.id
     ) c ON a.id IS NOT NULL
     ORDER BY k.position`,
    [asked.map((item) => item.address), asked.map((item) => item.chain)],
  );
  return rows.map((row) => {
    const { address, chain } = asked[row.position - 1] as { address: string; chain: ChainId };
    if (row.address === null) return { address, chain, properties: [] };
    const properties = [
      property("first_active", isoInstant(row.first_active)),
      property("last_active", isoInstant(row.last_active)),
      property("balance", row.balance_usd === null ? null : Math.round(row.balance_usd * 100) / 100),
      property("total_transactions", row.total_transactions ?? 0),
      property("inbound_transactions", row.inbound_transactions ?? 0),
      property("outbound_transactions", row.outbound_transactions ?? 0),
    ];
    if (row.address_type !== null) properties.push(property("address_type", row.address_type));
    if (row.multisig !== null) properties.push(property("multisig_type", row.multisig));
    if (row.public_key_compressed !== null)
      properties.push(property("public_key_compressed", row.public_key_compressed));
    return { address, chain, properties };
  });
}
