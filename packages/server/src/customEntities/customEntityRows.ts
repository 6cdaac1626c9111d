import {
  type ChainId,
  type CustomEntityDetail,
  chainIds,
  compatibilityOf,
  customEntityUrn,
  displayName,
  type Role,
  type SharingRole,
  type UnsupportedReason,
} from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import { customEntitySummaries } from "../metrics/customEntitySummaries.ts";
import type { Queryable } from "../store/store.ts";
import { customEntityPermissionSql, customEntityVisibleSql } from "./visibility.ts";

/** One custom entity as the detail and list queries read it, with the caller's permission. */
export interface CustomEntityRow {
  id: number;
  uuid: string;
  name: string;
  is_not_supported: boolean;
  unsupported_reason: UnsupportedReason | null;
  created_at: Date | string;
  updated_at: Date | string;
  refreshed_at: Date | string | null;
  refresh_results: RefreshResults | string;
  resources: string[] | string;
  creator_email: string | null;
  creator_full_name: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  permission: SharingRole;
}

/** What the four refresh parts computed (000 §4), kept on the row. */
export interface RefreshResults {
  addressCount?: number;
  transfers?: number;
  counterparties?: number;
  metrics?: { firstActiveDate: string | null; lastActiveDate: string | null; totalVolumeUsd?: number | null };
}

/** The caller of a custom-entity query: who, in which organization, with which membership role. */
export interface CustomEntityCaller {
  userId: number;
  organizationId: number;
  role: Role;
}

const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** $1 organization, $2 user; the row is returned only when visible to the user (visibility.ts). */
const selectRows = `
  SELECT ce.id, ce.uuid::text AS uuid, ce.name, ce.is_not_supported, ce.unsupported_reason,
         ce.created_at, ce.updated_at, ce.refreshed_at, ce.refresh_results,
         (SELECT coalesce(json_agg(r.resource_urn ORDER BY r.resource_urn), '[]')
          FROM custom_entity_resources r WHERE r.custom_entity_id = ce.id) AS resources,
         u.email AS creator_email, u.full_name AS creator_full_name,
         u.first_name AS creator_first_name, u.last_name AS creator_last_name,
         ${customEntityPermissionSql("ce", "$2")} AS permission
  FROM custom_entities ce LEFT JOIN users u ON u.id = ce.created_by_user_id
  WHERE ce.organization_id = $1 AND ${customEntityVisibleSql("ce", "$2")}`;

/**
 * Rows to the wire: the 000 §3 fields with the counts of the last refresh. A row never refreshed
 * here (made before refreshes were recorded) is summed up from the rollups instead. An org viewer
 * stays a viewer whatever the custom entity's sharing says (writes need the editor role).
 */
async function toDetails(
  db: Queryable,
  rows: readonly CustomEntityRow[],
  caller: CustomEntityCaller,
): Promise<CustomEntityDetail[]> {
  const unrefreshed = rows.filter((row) => row.refreshed_at === null).map((row) => row.id);
  const live = await customEntitySummaries(db, unrefreshed);
  return rows.map((row) => {
    const results = json<RefreshResults>(row.refresh_results);
    const summary = live.get(row.id)?.summary;
    return {
      uuid: row.uuid,
      urn: customEntityUrn(row.uuid),
      name: row.name,
      resources: json<string[]>(row.resources).map((resourceUrn) => ({ resourceUrn })),
      isNotSupported: row.is_not_supported,
      unsupportedReason: row.unsupported_reason,
      addressCount: summary?.addressCount ?? results.addressCount ?? 0,
      firstActiveDate: summary ? summary.firstActiveDate : (results.metrics?.firstActiveDate ?? null),
      lastActiveDate: summary ? summary.lastActiveDate : (results.metrics?.lastActiveDate ?? null),
      createdByUser:
        row.creator_email === null
          ? null
          : displayName({
              email: row.creator_email,
              fullName: row.creator_full_name,
              firstName: row.creator_first_name,
              lastName: row.creator_last_name,
            }),
      createdAt: toIso(row.created_at),
      updatedAt: toIso(row.updated_at),
      permission: caller.role === "viewer" ? "viewer" : row.permission,
    };
  });
}

/** One page of the caller's visible custom entities, newest first, and how many there are. */
export async function listCustomEntities(
  db: Queryable,
  caller: CustomEntityCaller,
  page: { limit: number; offset: number },
): Promise<{ items: CustomEntityDetail[]; count: number }> {
  const rows = await db.query<CustomEntityRow>(
    `${selectRows} ORDER BY ce.created_at DESC, ce.id DESC LIMIT $3 OFFSET $4`,
    [caller.organizationId, caller.userId, page.limit, page.offset],
  );
  const [total] = await db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM custom_entities ce
     WHERE ce.organization_id = $1 AND ${customEntityVisibleSql("ce", "$2")}`,
    [caller.organizationId, caller.userId],
  );
  return { items: await toDetails(db, rows, caller), count: total?.count ?? 0 };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The custom entity row when it exists in the caller's organization and is visible to the caller. */
export async function findCustomEntityRow(
  db: Queryable,
  caller: CustomEntityCaller,
  uuid: string,
): Promise<CustomEntityRow | undefined> {
  if (!uuidPattern.test(uuid)) return undefined;
  const [row] = await db.query<CustomEntityRow>(`${selectRows} AND ce.uuid = $3::uuid`, [
    caller.organizationId,
    caller.userId,
    uuid,
  ]);
  if (row && caller.role === "viewer") row.permission = "viewer";
  return row;
}

export async function customEntityDetail(
  db: Queryable,
  caller: CustomEntityCaller,
  row: CustomEntityRow,
): Promise<CustomEntityDetail> {
  const [detail] = await toDetails(db, [row], caller);
  return detail!;
}

/** 000 §7 validate-name: false when another custom entity of the organization has the name (any case). */
export async function isNameTaken(
  db: Queryable,
  organizationId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db.query(
    "SELECT 1 FROM custom_entities WHERE organization_id = $1 AND lower(name) = lower($2) AND id <> $3",
    [organizationId, name.trim(), exceptId ?? 0],
  );
  return row !== undefined;
}

/** The chains the store holds addresses on (chain_summary): a resource on another chain is unsupported. */
export async function supportedChains(db: Queryable): Promise<Set<ChainId>> {
  const rows = await db.query<{ chain: string }>("SELECT chain FROM chain_summary");
  const known = new Set<string>(chainIds);
  return new Set(rows.map((row) => row.chain).filter((chain): chain is ChainId => known.has(chain)));
}

/** 000 §8 compatibility of a resource list against this store. */
export async function compatibilityFor(db: Queryable, resourceUrns: readonly string[]) {
  return compatibilityOf(resourceUrns, await supportedChains(db));
}

/** Replaces the resources of a custom entity and records its compatibility verdict. */
export async function writeResources(
  db: Queryable,
  id: number,
  resourceUrns: readonly string[],
): Promise<void> {
  const unique = [...new Set(resourceUrns)];
  const verdict = await compatibilityFor(db, unique);
  await db.query("DELETE FROM custom_entity_resources WHERE custom_entity_id = $1", [id]);
  await db.query(
    "INSERT INTO custom_entity_resources (custom_entity_id, resource_urn) SELECT $1, unnest($2::text[])",
    [id, unique],
  );
  await db.query(
    "UPDATE custom_entities SET is_not_supported = $2, unsupported_reason = $3, updated_at = now() WHERE id = $1",
    [id, !verdict.isSupported, verdict.unsupportedReason],
  );
}
