import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import { demoAccounts } from "../accounts/demoAccounts.ts";
import type { Queryable } from "../store/store.ts";
import type { WorldHighlights } from "./worldState.ts";

// The demo organizations' own investigation data, pointing into the demo world, so the cases,
// networks and custom-entity screens have something to show on a fresh install.

interface AddressRow {
  id: number;
  chain: ChainId;
  address: string;
  entity: string | null;
}

async function urnsOf(
  tx: Queryable,
  ids: readonly number[],
): Promise<{ urns: string[]; entity: string | null }> {
  if (ids.length === 0) return { urns: [], entity: null };
  const rows = await tx.query<AddressRow>(
    `SELECT a.id, a.chain, a.address, e.name AS entity
     FROM addresses a LEFT JOIN entities e ON e.id = a.entity_id
     WHERE a.id = ANY($1::bigint[]) ORDER BY a.id`,
    [ids],
  );
  return {
    urns: rows.map((row) => addressChainUrn(row.chain, row.address)),
    entity: rows.find((row) => row.entity !== null)?.entity ?? null,
  };
}

async function idByUuid(
  tx: Queryable,
  table: "users" | "organizations",
  uuid: string,
): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(`SELECT id FROM ${table} WHERE uuid = $1`, [uuid]);
  return row?.id;
}

async function addCase(
  tx: Queryable,
  organization: number,
  owner: number,
  name: string,
  shared: boolean,
  notes: string,
  urns: readonly string[],
): Promise<void> {
  const relatables = urns.map((resourceUrn) => ({ resourceUrn }));
  await tx.query(
    `INSERT INTO cases (organization_id, owner_user_id, name, is_shared_with_org, notes, relatables)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [organization, owner, name, shared, notes, JSON.stringify(relatables)],
  );
}

async function addCustomEntity(
  tx: Queryable,
  organization: number,
  creator: number,
  name: string,
  urns: readonly string[],
) {
  if (urns.length === 0) return;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO custom_entities (organization_id, created_by_user_id, name,
       refresh_summary, refresh_transfers, refresh_addresses, refresh_metrics)
     VALUES ($1, $2, $3, 'succeeded', 'succeeded', 'succeeded', 'succeeded') RETURNING id`,
    [organization, creator, name],
  );
  await tx.query(
    "INSERT INTO custom_entity_resources (custom_entity_id, resource_urn) SELECT $1, unnest($2::text[])",
    [row?.id, urns],
  );
}

async function addNetwork(
  tx: Queryable,
  owner: number,
  name: string,
  description: string,
  members: readonly number[],
) {
  const [row] = await tx.query<{ id: number }>(
    "INSERT INTO networks (organization_id, name, description) VALUES ($1, $2, $3) RETURNING id",
    [owner, name, description],
  );
  await tx.query("INSERT INTO network_members (network_id, organization_id) SELECT $1, unnest($2::int[])", [
    row?.id,
    members,
  ]);
}

/**
 * Seeds cases, networks and custom entities for the demo organizations (seedDemoAccounts); answers
 * false and writes nothing when the demo accounts are not there.
 */
export async function seedDemoWorkspace(tx: Queryable, highlights: WorldHighlights): Promise<boolean> {
  const demo = await idByUuid(tx, "organizations", demoAccounts.organization.uuid);
  const partner = await idByUuid(tx, "organizations", demoAccounts.partner.uuid);
  const dana = await idByUuid(tx, "users", demoAccounts.user.uuid);
  const alex = await idByUuid(tx, "users", demoAccounts.analyst.uuid);
  if (demo === undefined || partner === undefined || dana === undefined || alex === undefined) return false;

  const ransom = await urnsOf(tx, highlights.ransomAddresses);
  const peel = await urnsOf(tx, highlights.peelChain);
  const scams = await urnsOf(tx, highlights.scamReceivers);
  const vendors = await urnsOf(tx, highlights.darknetVendors);
  const mixed = await urnsOf(tx, highlights.mixerOutputs);

  await addCase(
    tx,
    demo,
    dana,
    `Ransomware payments: ${ransom.entity ?? "unknown gang"}`,
    true,
    "Victim payments to ransom addresses and the peel chain that followed.",
    [...ransom.urns, ...peel.urns.slice(0, 3)],
  );
  await addCase(
    tx,
    demo,
    dana,
    "Darknet vendor cash-outs",
    false,
    "Vendor wallets paid by the market.",
    vendors.urns,
  );
  await addCase(
    tx,
    demo,
    dana,
    `Victim reports: ${scams.entity ?? "scam"}`,
    true,
    "Payment addresses named by victims.",
    scams.urns,
  );
  await addCase(
    tx,
    partner,
    alex,
    "Mixer outputs follow-up",
    true,
    "Fresh wallets funded by a mixer.",
    mixed.urns,
  );

  await addCustomEntity(tx, demo, dana, "Peel chain suspects", peel.urns);
  await addCustomEntity(tx, demo, dana, "Darknet vendors", vendors.urns);
  await addCustomEntity(tx, partner, alex, "Mixer cash-out wallets", mixed.urns);

  await addNetwork(tx, demo, "Ransomware Response Network", "Agencies sharing ransomware leads.", [
    demo,
    partner,
  ]);
  await addNetwork(tx, partner, "Partner Fraud Desk", "Fraud investigators of the partner agency.", [
    partner,
  ]);
  return true;
}
