import { type CaseRelatable, caseRelatableTarget } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

// Graphs and flags on a case (issue "Act on findings"): they are the organization's own, so one is
// attached only when it exists in the case's organization, and the case page reads their names here.

/** Whether a graph or flag URN names one of the organization's; an element's URN always may be attached. */
export async function relatableExists(db: Queryable, organizationId: number, urn: string): Promise<boolean> {
  const target = caseRelatableTarget(urn);
  if (target.kind === "element") return true;
  const table = target.kind === "graph" ? "graphs" : "user_attributions";
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE uuid = $1 AND organization_id = $2`, [
    target.uuid,
    organizationId,
  ]);
  return rows.length > 0;
}

/** Adds `label` (and, for a flag, `subjectUrn`) to the graphs and flags among a case's relatables. */
export async function labelRelatables(
  db: Queryable,
  organizationId: number,
  relatables: CaseRelatable[],
): Promise<CaseRelatable[]> {
  const targets = relatables.map((relatable) => caseRelatableTarget(relatable.resourceUrn));
  const uuidsOf = (kind: "graph" | "flag") =>
    targets.flatMap((target) => (target.kind === kind ? [target.uuid] : []));
  const graphUuids = uuidsOf("graph");
  const flagUuids = uuidsOf("flag");
  const graphs = new Map<string, string>();
  const flags = new Map<string, { label: string; subject: string }>();
  if (graphUuids.length > 0) {
    const rows = await db.query<{ uuid: string; name: string | null }>(
      "SELECT uuid, name FROM graphs WHERE organization_id = $1 AND uuid = ANY($2::uuid[])",
      [organizationId, graphUuids],
    );
    for (const row of rows) graphs.set(row.uuid, row.name ?? "Unnamed graph");
  }
  if (flagUuids.length > 0) {
    const rows = await db.query<{
      uuid: string;
      category_label: string;
      user_provided_category: string | null;
      trm_resource_urn: string;
    }>(
      `SELECT uuid, category_label, user_provided_category, trm_resource_urn FROM user_attributions
       WHERE organization_id = $1 AND uuid = ANY($2::uuid[])`,
      [organizationId, flagUuids],
    );
    for (const row of rows) {
      const label = row.user_provided_category
        ? `${row.category_label}: ${row.user_provided_category}`
        : row.category_label;
      flags.set(row.uuid, { label, subject: row.trm_resource_urn });
    }
  }
  return relatables.map((relatable, index) => {
    const target = targets[index]!;
    if (target.kind === "graph") return { ...relatable, label: graphs.get(target.uuid) ?? null };
    if (target.kind === "flag") {
      const flag = flags.get(target.uuid);
      return { ...relatable, label: flag?.label ?? null, subjectUrn: flag?.subject ?? null };
    }
    return relatable;
  });
}
