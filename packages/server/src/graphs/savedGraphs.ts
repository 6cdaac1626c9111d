import type { GraphDocument, GraphSummary, SavedGraph } from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

// 002 §3 / §7 graph records. Every statement names the organization: another organization's graph
// is never found (404), whatever its id.

interface GraphRow {
  uuid: string;
  name: string | null;
  node_count: number;
  edge_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  document?: GraphDocument | string;
}

const summaryColumns = "uuid, name, node_count, edge_count, created_at, updated_at";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function summaryOf(row: GraphRow): GraphSummary {
  return {
    graphId: row.uuid,
    name: row.name,
    nodeCount: row.node_count,
    edgeCount: row.edge_count,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function savedOf(row: GraphRow): SavedGraph {
  const document = typeof row.document === "string" ? JSON.parse(row.document) : row.document;
  return { ...summaryOf(row), document: document as GraphDocument };
}

export async function listGraphs(db: Queryable, organizationId: number): Promise<GraphSummary[]> {
  const rows = await db.query<GraphRow>(
    `SELECT ${summaryColumns} FROM graphs WHERE organization_id = $1 ORDER BY updated_at DESC, id DESC`,
    [organizationId],
  );
  return rows.map(summaryOf);
}

/** The organization's graph with this id, or null (also for an id that is not a uuid). */
export async function findGraph(
  db: Queryable,
  organizationId: number,
  graphId: string,
): Promise<(SavedGraph & { organizationName: string }) | null> {
  if (!uuidPattern.test(graphId)) return null;
  const [row] = await db.query<GraphRow & { organization_name: string }>(
    `SELECT ${summaryColumns.replace(/(\w+)/g, "g.$1")}, g.document, o.name AS organization_name
       FROM graphs g JOIN organizations o ON o.id = g.organization_id
      WHERE g.uuid = $1 AND g.organization_id = $2`,
    [graphId, organizationId],
  );
  return row ? { ...savedOf(row), organizationName: row.organization_name } : null;
}

export async function createGraph(
  db: Queryable,
  input: { organizationId: number; userId: number; name: string | null; document: GraphDocument },
): Promise<SavedGraph> {
  const [row] = await db.query<GraphRow>(
    `INSERT INTO graphs (organization_id, created_by_user_id, name, document, node_count, edge_count)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)
     RETURNING ${summaryColumns}, document`,
    [
      input.organizationId,
      input.userId,
      input.name,
      JSON.stringify(input.document),
      input.document.nodes.length,
      input.document.edges.length,
    ],
  );
  return savedOf(row!);
}

/** Changes the name and/or document; null when the organization has no such graph. */
export async function updateGraph(
  db: Queryable,
  organizationId: number,
  graphId: string,
  change: { name?: string | null; document?: GraphDocument },
): Promise<SavedGraph | null> {
  if (!uuidPattern.test(graphId)) return null;
  const document = change.document === undefined ? null : JSON.stringify(change.document);
  const [row] = await db.query<GraphRow>(
    `UPDATE graphs SET
        name = CASE WHEN $3::boolean THEN $4::text ELSE name END,
        document = COALESCE($5::jsonb, document),
        node_count = COALESCE($6::integer, node_count),
        edge_count = COALESCE($7::integer, edge_count),
        updated_at = now()
      WHERE uuid = $1 AND organization_id = $2
      RETURNING ${summaryColumns}, document`,
    [
      graphId,
      organizationId,
      change.name !== undefined,
      change.name ?? null,
      document,
      change.document?.nodes.length ?? null,
      change.document?.edges.length ?? null,
    ],
  );
  return row ? savedOf(row) : null;
}
