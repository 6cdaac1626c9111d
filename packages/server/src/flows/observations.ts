import { type IpAssociation, inetUrn, parseUrn, type ScamReport, scamReportsMax } from "@sleuth/sdk";
import { notFound } from "../http/errors.ts";
import { resolveSubjectRows } from "../metrics/subjects.ts";
import { type IpHostRow, ipHostColumnsSql, ipHostOf } from "../search/ipHosts.ts";
import type { Queryable } from "../store/store.ts";
import { ownAddressesSql } from "./flowSubjects.ts";

/**
 * 000 §7 GET /v1/inet/observations/summary/address: the 002 §3 IP associations of one address, most
 * recently observed first, and how many there are in all (meta.count).
 */
export async function inetObservations(
  db: Queryable,
  urn: string,
  page: { limit: number; offset: number },
): Promise<{ rows: IpAssociation[]; count: number }> {
  const [addressId] = (await resolveSubjectRows(db, "address", urn)).addressIds;
  const rows = await db.query<
    IpHostRow & {
      ip: string;
      first_observed: Date;
      last_observed: Date;
      observations: number;
      addresses: string | number;
      total: string | number;
    }
  >(
    `SELECT h.ip, o.first_observed, o.last_observed, o.observations, ${ipHostColumnsSql},
       (SELECT count(*) FROM inet_observations n WHERE n.inet_id = o.inet_id) AS addresses,
       count(*) OVER () AS total
     FROM inet_observations o JOIN inet_hosts h ON h.id = o.inet_id
     WHERE o.address_id = $1
     ORDER BY o.last_observed DESC, h.ip
     LIMIT $2 OFFSET $3`,
    [addressId, page.limit, page.offset],
  );
  let count = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    const [all] = await db.query<{ count: string | number }>(
      "SELECT count(*) AS count FROM inet_observations WHERE address_id = $1",
      [addressId],
    );
    count = Number(all?.count ?? 0);
  }
  return {
    count,
    rows: rows.map((row) => ({
      entityUrn: inetUrn(row.ip),
      ip: row.ip,
      firstObservation: new Date(row.first_observed).toISOString(),
      lastObservation: new Date(row.last_observed).toISOString(),
      totalObservations: row.observations,
      numAssociatedAddresses: Number(row.addresses),
      ...ipHostOf(row),
    })),
  };
}

/**
 * 001 §7 GET /chainabuse/reports-by-urn: the scam reports naming an address, or any address an
 * entity owns; newest first, at most scamReportsMax. An unknown URN answers 404; a known one without
 * reports an empty list (the no-fraud note, 001 §8).
 */
export async function scamReportsFor(db: Queryable, urn: string): Promise<ScamReport[]> {
  const kind = parseUrn(urn)?.kind;
  if (kind !== "address" && kind !== "entity")
    throw notFound("Scam reports are kept for addresses and entities");
  const subject = await resolveSubjectRows(db, kind, urn);
  const keys = await db.query<{ chain: string; address: string }>(
    `SELECT a.chain, a.address FROM addresses a
     WHERE a.id IN (${ownAddressesSql})
       AND EXISTS (SELECT 1 FROM scam_report_addresses r WHERE r.address = a.address AND r.chain = a.chain)`,
    [subject.addressIds, subject.entityIds],
  );
  if (keys.length === 0) return [];
  const rows = await db.query<{
    id: string | number;
    scam_category: string;
    description: string;
    created_at: Date;
    checked: boolean;
    trusted: boolean;
    reported_by: string;
    addresses: { address: string | null; chain: string | null; domain: string | null }[];
  }>(
    `SELECT s.id, s.scam_category, s.description, s.created_at, s.checked, s.trusted, s.reported_by,
       (SELECT json_agg(json_build_object('address', x.address, 'chain', x.chain, 'domain', x.domain) ORDER BY x.id)
        FROM scam_report_addresses x WHERE x.report_id = s.id) AS addresses
     FROM scam_reports s
     WHERE s.id IN (
       SELECT r.report_id FROM unnest($1::text[], $2::text[]) AS k(chain, address)
       JOIN scam_report_addresses r ON r.address = k.address AND r.chain = k.chain)
     ORDER BY s.created_at DESC, s.id DESC LIMIT $3`,
    [keys.map((key) => key.chain), keys.map((key) => key.address), scamReportsMax],
  );
  return rows.map((row) => ({
    id: String(row.id),
    scamCategory: row.scam_category,
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
    addresses: (row.addresses ?? []).map((entry) => ({
      address: entry.address ?? entry.domain ?? "",
      chain: entry.chain,
      domain: entry.domain,
    })),
    checked: row.checked,
    trusted: row.trusted,
    reportedBy: { username: row.reported_by },
  }));
}
