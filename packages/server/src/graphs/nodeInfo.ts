import {
  addressChainUrn,
  counterpartyNameOf,
  customEntityUrn,
  formatUrn,
  type GraphNodeInfo,
  overallRefreshStatus,
  parseUrn,
  type RefreshStatus,
  transactionUrn,
} from "@sleuth/sdk";
import { customEntityVisibleSql } from "../customEntities/visibility.ts";
import { entityRiskSummaries } from "../metrics/riskInfo.ts";
import type { Viewer } from "../metrics/subjects.ts";
import { attributionLabelOf, bestLabelSql } from "../search/addressLabel.ts";
import type { Queryable } from "../store/store.ts";

// What a node shows (balance, risk, owner), read from the rollups: address_summary for addresses,
// entities with the risk their page shows (issue 39: one risk, metrics/riskInfo.ts), the
// organization's own custom entities, transactions by hash. One statement per kind (two for
// entities), whatever the number of nodes.

interface AddressInfoRow {
  id: number;
  chain: string;
  address: string;
  balance_usd: number | null;
  is_balance_estimated: boolean | null;
  risk_score: number | null;
  owner_name: string | null;
  owner_category: string | null;
  best_label: string | null;
}

const addressColumns = `a.id, a.chain, a.address, s.balance_usd, s.is_balance_estimated, s.risk_score, s.owner_name, s.owner_category,
  ${bestLabelSql("a.id")} AS best_label`;

function addressInfoOf(row: AddressInfoRow): GraphNodeInfo {
  // Issue 39: the node is named as every table names the address (the SDK's counterpartyNameOf).
  const name = counterpartyNameOf({ entity: row.owner_name, label: attributionLabelOf(row.best_label) });
  return {
    type: "address",
    trmUrn: addressChainUrn(row.chain as never, row.address),
    label: (name?.name ?? row.address).slice(0, 300),
    nameKind: name?.kind ?? null,
    nameSource: name?.source?.slice(0, 300) ?? null,
    chain: row.chain as GraphNodeInfo["chain"],
    balanceUsd: row.balance_usd,
    ...(row.balance_usd === null ? {} : { isBalanceEstimated: row.is_balance_estimated ?? false }),
    riskScore: row.risk_score,
    category: row.owner_category,
  };
}

/** Node infos of addresses by store id, keyed by id. */
export async function addressInfosById(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, GraphNodeInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<AddressInfoRow>(
    `SELECT ${addressColumns}
       FROM unnest($1::bigint[]) AS r(id)
       JOIN addresses a ON a.id = r.id
       LEFT JOIN address_summary s ON s.address_id = a.id`,
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), addressInfoOf(row)]));
}

interface EntityInfoRow {
  id: number;
  urn: string;
  name: string;
  category: string;
}

const entityColumns = `e.id, e.urn, e.name, c.name AS category`;
const entityJoins = `JOIN categories c ON c.id = e.category_id`;

/**
 * Entity nodes with their risk as the entity page reads it (ownership, counterparty and indirect
 * exposure), not their category's ownership level alone, which called an exchange with high-risk
 * counterparties "No risk" on the graph and "High risk" on its page.
 */
async function entityInfosOf(db: Queryable, rows: readonly EntityInfoRow[]): Promise<GraphNodeInfo[]> {
  const risks = await entityRiskSummaries(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({
    type: "entity",
    trmUrn: row.urn,
    label: row.name,
    nameKind: "entity",
    chain: null,
    balanceUsd: null,
    riskScore: risks.get(Number(row.id))?.riskScore ?? 0,
    category: row.category,
  }));
}

/** Node infos of entities by store id, keyed by id. */
export async function entityInfosById(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, GraphNodeInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<EntityInfoRow>(
    `SELECT ${entityColumns} FROM unnest($1::integer[]) AS r(id) JOIN entities e ON e.id = r.id ${entityJoins}`,
    [ids],
  );
  const infos = await entityInfosOf(db, rows);
  return new Map(rows.map((row, index) => [Number(row.id), infos[index]!]));
}

/** A node's store row: what expand and trace start from. */
export type ResolvedNode =
  | { kind: "address"; id: number; info: GraphNodeInfo }
  | { kind: "entity"; id: number; info: GraphNodeInfo }
  | { kind: "customEntity"; id: number; info: GraphNodeInfo }
  | { kind: "transaction"; id: number; info: GraphNodeInfo };

/**
 * The nodes of these URNs the store knows, in request order; unknown URNs (and other organizations'
 * custom entities) are left out. Off-chain and unrecognised URNs are ignored.
 */
export async function resolveNodes(
  db: Queryable,
  viewer: Viewer,
  urns: readonly string[],
): Promise<ResolvedNode[]> {
  const addresses: Array<{ chain: string; address: string }> = [];
  const transactions: Array<{ chain: string; hash: string }> = [];
  const entityUrns: string[] = [];
  const customIds: string[] = [];
  for (const urn of urns) {
    const parts = parseUrn(urn);
    if (parts?.kind === "address") addresses.push(parts);
    else if (parts?.kind === "transaction") transactions.push(parts);
    else if (parts?.kind === "entity") entityUrns.push(formatUrn(parts));
    else if (parts?.kind === "custom-entity") customIds.push(parts.id);
  }
  const found = new Map<string, ResolvedNode>();
  if (addresses.length > 0) {
    const rows = await db.query<AddressInfoRow>(
      `SELECT ${addressColumns}
         FROM unnest($1::text[], $2::text[]) AS r(chain, address)
         JOIN addresses a ON a.address = r.address AND a.chain = r.chain
         LEFT JOIN address_summary s ON s.address_id = a.id`,
      [addresses.map((a) => a.chain), addresses.map((a) => a.address)],
    );
    for (const row of rows) {
      const info = addressInfoOf(row);
      found.set(info.trmUrn, { kind: "address", id: Number(row.id), info });
    }
  }
  if (entityUrns.length > 0) {
    const rows = await db.query<EntityInfoRow>(
      `SELECT ${entityColumns} FROM entities e ${entityJoins} WHERE e.urn = ANY($1::text[])`,
      [entityUrns],
    );
    const infos = await entityInfosOf(db, rows);
    rows.forEach((row, index) => {
      found.set(row.urn, { kind: "entity", id: Number(row.id), info: infos[index]! });
    });
  }
  if (customIds.length > 0) {
    const rows = await db.query<{ id: number; uuid: string; name: string } & RefreshStatus>(
      `SELECT ce.id, ce.uuid, ce.name, ce.refresh_summary AS "counterpartyFlows",
              ce.refresh_transfers AS transfers, ce.refresh_addresses AS addresses, ce.refresh_metrics AS metrics
       FROM custom_entities ce
       WHERE ce.uuid = ANY($1::uuid[]) AND ce.organization_id = $2 AND ${customEntityVisibleSql("ce", "$3")}`,
      [customIds, viewer.organizationId, viewer.userId],
    );
    for (const row of rows) {
      const trmUrn = customEntityUrn(row.uuid);
      found.set(trmUrn, {
        kind: "customEntity",
        id: row.id,
        info: {
          type: "customEntity",
          trmUrn,
          label: row.name,
          chain: null,
          balanceUsd: null,
          riskScore: null,
          category: null,
          // 000 §4: on the graph the refresh status comes from the node's metadata.
          refreshStatus: overallRefreshStatus(row),
        },
      });
    }
  }
  if (transactions.length > 0) {
    const rows = await db.query<{ id: number; chain: string; hash: string; value_usd: number | null }>(
      `SELECT t.id, t.chain, t.hash, t.value_usd
         FROM unnest($1::text[], $2::text[]) AS r(chain, hash)
         JOIN transactions t ON t.hash = r.hash AND t.chain = r.chain`,
      [transactions.map((t) => t.chain), transactions.map((t) => t.hash)],
    );
    for (const row of rows) {
      const trmUrn = transactionUrn(row.chain as never, row.hash);
      found.set(trmUrn, {
        kind: "transaction",
        id: Number(row.id),
        info: {
          type: "transaction",
          trmUrn,
          label: row.hash,
          chain: row.chain as GraphNodeInfo["chain"],
          balanceUsd: null,
          riskScore: null,
          category: null,
        },
      });
    }
  }
  return urns.flatMap((urn) => {
    const node = found.get(canonical(urn));
    return node ? [node] : [];
  });
}

function canonical(urn: string): string {
  const parts = parseUrn(urn);
  return parts ? formatUrn(parts) : urn;
}
