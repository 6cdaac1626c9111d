import {
  addressChainUrn,
  type ChainId,
  type Detector,
  type DetectorAlert,
  defaultDetectorName,
  displayAddress,
  transactionUrn,
} from "@sleuth/sdk";
import { isoOrNull, personOf } from "../accounts/people.ts";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

interface DetectorRow {
  uuid: string;
  chain: string;
  address: string;
  name: string;
  created_at: Date | string;
  author_uuid: string | null;
  author_email: string | null;
  author_full_name: string | null;
  alert_count: number | string;
  last_alert_at: Date | string | null;
}

function toDetector(row: DetectorRow): Detector {
  return {
    uuid: row.uuid,
    addressUrn: addressChainUrn(row.chain as ChainId, row.address),
    name: row.name,
    createdAt: toIso(row.created_at),
    createdBy: personOf({ uuid: row.author_uuid, email: row.author_email, full_name: row.author_full_name }),
    alertCount: Number(row.alert_count),
    lastAlertAt: isoOrNull(row.last_alert_at),
  };
}

const detectorSelect = `SELECT d.uuid, d.chain, d.address, d.name, d.created_at,
    u.uuid AS author_uuid, u.email AS author_email, u.full_name AS author_full_name,
    (SELECT count(*) FROM detector_alerts x WHERE x.detector_id = d.id) AS alert_count,
    (SELECT max(x.created_at) FROM detector_alerts x WHERE x.detector_id = d.id) AS last_alert_at
  FROM detectors d LEFT JOIN users u ON u.id = d.user_id`;

/**
 * Raises the alerts of an organization's detectors: one per transfer on a watched address newer than
 * what the detector has seen, then moves the mark. Runs before alerts are read and after each import,
 * so a transfer written by any path is caught. The address index serves the transfer lookups.
 */
export async function raiseDetectorAlerts(
  db: Queryable,
  organizationId?: number,
): Promise<{ detectorId: number; raised: number }[]> {
  const scoped = organizationId !== undefined;
  // One statement, so the mark moves exactly over the transfers it alerted on.
  const rows = await db.query<{ detector_id: string | number; raised: string | number }>(
    `WITH raised AS (
       INSERT INTO detector_alerts (detector_id, transfer_id, transaction_id, direction, amount_usd, block_timestamp)
       SELECT d.id, t.id, t.transaction_id, t.direction, t.amount_usd, t.block_timestamp
         FROM detectors d
         JOIN addresses a ON a.address = d.address AND a.chain = d.chain
         JOIN transfers t ON t.address_id = a.id AND t.id > d.seen_transfer_id
        ${scoped ? "WHERE d.organization_id = $1" : ""}
       ON CONFLICT (detector_id, transfer_id) DO NOTHING
       RETURNING detector_id, transfer_id)
     UPDATE detectors d SET seen_transfer_id = r.last
       FROM (SELECT detector_id, max(transfer_id) AS last, count(*) AS raised FROM raised GROUP BY detector_id) r
      WHERE d.id = r.detector_id
      RETURNING d.id AS detector_id, r.raised`,
    scoped ? [organizationId] : [],
  );
  return rows.map((row) => ({ detectorId: Number(row.detector_id), raised: Number(row.raised) }));
}

/** The newest transfer already on an address: a new detector alerts only on what comes after. */
async function lastTransferId(db: Queryable, chain: string, address: string): Promise<number> {
  const [row] = await db.query<{ last: number | string | null }>(
    `SELECT max(t.id) AS last FROM transfers t JOIN addresses a ON a.id = t.address_id
      WHERE a.address = $1 AND a.chain = $2`,
    [address, chain],
  );
  return Number(row?.last ?? 0);
}

/** Saves a watch on an address; saving it again answers the one there is. */
export async function createDetector(
  db: Queryable,
  input: {
    organizationId: number;
    userId: number;
    chain: ChainId;
    address: string;
    name?: string | undefined;
  },
): Promise<{ detector: Detector; created: boolean }> {
  const name = input.name?.trim() || defaultDetectorName(displayAddress(input.chain, input.address));
  const seen = await lastTransferId(db, input.chain, input.address);
  // A no-op update on conflict (not DO NOTHING) returns the row there is, locked: a detector
  // deleted by another request between an insert that found it and a read of it cannot be missed.
  // xmax is 0 on a row this statement inserted.
  const [saved] = await db.query<{ id: number | string; inserted: boolean }>(
    `INSERT INTO detectors (organization_id, user_id, chain, address, name, seen_transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (organization_id, chain, address) DO UPDATE SET organization_id = EXCLUDED.organization_id
     RETURNING id, (xmax = 0) AS inserted`,
    [input.organizationId, input.userId, input.chain, input.address, name, seen],
  );
  const [row] = await db.query<DetectorRow>(`${detectorSelect} WHERE d.id = $1`, [saved?.id]);
  if (!row) throw new Error("The detector was not saved");
  return { detector: toDetector(row), created: saved?.inserted === true };
}

export async function listDetectors(
  db: Queryable,
  input: { organizationId: number; chain?: string; address?: string },
): Promise<Detector[]> {
  const byAddress = input.chain !== undefined && input.address !== undefined;
  const rows = await db.query<DetectorRow>(
    `${detectorSelect} WHERE d.organization_id = $1 ${byAddress ? "AND d.chain = $2 AND d.address = $3" : ""}
      ORDER BY d.created_at DESC, d.id DESC`,
    byAddress ? [input.organizationId, input.chain, input.address] : [input.organizationId],
  );
  return rows.map(toDetector);
}

/** Removes an organization's detector and its alerts; false when it has none by that uuid. */
export async function deleteDetector(db: Queryable, organizationId: number, uuid: string): Promise<boolean> {
  const rows = await db.query("DELETE FROM detectors WHERE organization_id = $1 AND uuid = $2 RETURNING id", [
    organizationId,
    uuid,
  ]);
  return rows.length > 0;
}

interface AlertRow {
  uuid: string;
  detector_uuid: string;
  chain: string;
  address: string;
  hash: string;
  direction: "incoming" | "outgoing";
  amount_usd: number | null;
  block_timestamp: Date | string;
  created_at: Date | string;
}

export async function listDetectorAlerts(
  db: Queryable,
  input: { organizationId: number; detectorUuid?: string | undefined; limit: number },
): Promise<DetectorAlert[]> {
  const rows = await db.query<AlertRow>(
    `SELECT x.uuid, d.uuid AS detector_uuid, d.chain, d.address, tx.hash, x.direction, x.amount_usd,
        x.block_timestamp, x.created_at
       FROM detector_alerts x
       JOIN detectors d ON d.id = x.detector_id
       JOIN transactions tx ON tx.id = x.transaction_id
      WHERE d.organization_id = $1 ${input.detectorUuid ? "AND d.uuid = $3" : ""}
      ORDER BY x.block_timestamp DESC, x.id DESC
      LIMIT $2`,
    input.detectorUuid
      ? [input.organizationId, input.limit, input.detectorUuid]
      : [input.organizationId, input.limit],
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    detectorUuid: row.detector_uuid,
    addressUrn: addressChainUrn(row.chain as ChainId, row.address),
    transactionUrn: transactionUrn(row.chain as ChainId, row.hash),
    direction: row.direction,
    amountUsd: row.amount_usd,
    transactionTimestamp: toIso(row.block_timestamp),
    createdAt: toIso(row.created_at),
  }));
}
