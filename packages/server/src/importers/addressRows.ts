import { addressTypeOfForm, type ChainId, chainInfo, decodeAddress } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import type { AddressFact } from "./ledgerRecords.ts";

/** Two facts about one address merged: certain beats guessed, a contract guess beats an account guess. */
export function mergeFacts(known: AddressFact | undefined, fact: AddressFact): AddressFact {
  if (known === undefined) return fact;
  const type =
    known.certain && !fact.certain
      ? known.type
      : fact.certain && !known.certain
        ? fact.type
        : fact.type === "smart_contract"
          ? fact.type
          : known.type;
  return {
    address: fact.address,
    type,
    certain: known.certain || fact.certain,
    multisig: fact.multisig ?? known.multisig,
    publicKeyCompressed: fact.publicKeyCompressed ?? known.publicKeyCompressed,
  };
}

/** The span of the transfers a writer is about to insert for an address (its ledger activity). */
export interface AddressActivity {
  first: string;
  last: string;
}

/**
 * Writes the addresses of one chain and answers their ids. A new address is inserted; a known one
 * keeps its type unless the fact is certain (an EVM address seen sending a transaction is an
 * account, a token contract a contract), and gains a multisig or key property it lacked.
 *
 * `activity`: the addresses the caller is about to insert transfers for, with those transfers' first
 * and last times. A new one is inserted with them as its first and last activity, and marked as
 * holding imported transfers, as the rollups and the writer's finish would set them (issue 46: a
 * follower batch's fresh recipients are written once, not inserted and then updated twice, each
 * update a new version of the row in every index of the addresses). A known address is left to
 * those updates.
 */
export async function upsertAddresses(
  tx: Queryable,
  chain: ChainId,
  facts: Iterable<AddressFact>,
  activity: ReadonlyMap<string, AddressActivity> = new Map(),
  retry = true,
): Promise<Map<string, number>> {
  const merged = new Map<string, AddressFact>();
  for (const fact of facts) merged.set(fact.address, mergeFacts(merged.get(fact.address), fact));
  const ids = new Map<string, number>();
  if (merged.size === 0) return ids;
  const rows = [...merged.values()];
  // One statement (issue 46: a follower batch brings ten thousand new addresses): the new rows come
  // back from the insert, the known ones from a read of the same snapshot, which does not see the
  // insert's rows, and the update touches known rows only. The known ones are read through the
  // address index, by the addresses the insert did not take as one array: joined plainly,
  // PostgreSQL read every address of the chain into a hash for them on a large store.
  const found = await tx.query<{ id: number; address: string }>(
    `WITH i AS MATERIALIZED (
       SELECT * FROM unnest($2::text[], $3::text[], $4::boolean[], $5::text[], $6::boolean[], $7::timestamptz[],
           $8::timestamptz[])
         AS i(address, address_type, certain, multisig, public_key_compressed, first_active, last_active)
     ), inserted AS (
       INSERT INTO addresses (chain, address, address_type, multisig, public_key_compressed, first_active, last_active,
         has_imported_transfers)
       SELECT $1, address, address_type, multisig, public_key_compressed, first_active, last_active,
         first_active IS NOT NULL
       FROM i
       ON CONFLICT (address, chain) DO NOTHING
       RETURNING id, address
     ), known AS MATERIALIZED (
       SELECT a.id, a.address, i.address_type, i.certain, i.multisig, i.public_key_compressed
       FROM i JOIN addresses a ON a.chain = $1 AND a.address = i.address
         AND a.address = ANY(ARRAY(SELECT address FROM i EXCEPT ALL SELECT address FROM inserted))
     ), updated AS (
       UPDATE addresses a SET
         address_type = CASE WHEN k.certain THEN k.address_type ELSE a.address_type END,
         multisig = coalesce(k.multisig, a.multisig),
         public_key_compressed = coalesce(k.public_key_compressed, a.public_key_compressed)
       FROM known k
       WHERE a.id = k.id
         AND ((k.certain AND a.address_type <> k.address_type)
           OR (k.multisig IS NOT NULL AND a.multisig IS DISTINCT FROM k.multisig)
           OR (k.public_key_compressed IS NOT NULL AND a.public_key_compressed IS DISTINCT FROM k.public_key_compressed))
     )
     SELECT id, address FROM inserted UNION ALL SELECT id, address FROM known`,
    [
      chain,
      rows.map((row) => row.address),
      rows.map((row) => row.type),
      rows.map((row) => row.certain),
      rows.map((row) => row.multisig),
      rows.map((row) => row.publicKeyCompressed),
      rows.map((row) => activity.get(row.address)?.first ?? null),
      rows.map((row) => activity.get(row.address)?.last ?? null),
    ],
  );
  for (const row of found) ids.set(row.address, Number(row.id));
  // An address another transaction inserted after this statement's snapshot was taken is neither
  // inserted nor seen: once more for those, which that transaction has committed by now.
  const missing = rows.filter((row) => !ids.has(row.address));
  if (missing.length > 0 && retry)
    for (const [address, id] of await upsertAddresses(tx, chain, missing, activity, false))
      ids.set(address, id);
  return ids;
}

/**
 * What the address alone says: a UTXO address's form is its script type; an account address could
 * be an account or a contract, so "account" is only a guess that transactions may correct.
 */
export function addressFactOf(chain: ChainId, address: string): AddressFact {
  const form = decodeAddress(chain, address)?.form ?? null;
  const type = form === null ? "nonstandard" : addressTypeOfForm[form];
  const certain = form !== null && chainInfo(chain).family === "utxo";
  return { address, type, certain, multisig: null, publicKeyCompressed: null };
}
