import type { CaseNote, CaseRecord, CaseRelatable } from "@sleuth/sdk";
import { jsonValue, type PersonColumns, personJson, personOf } from "../accounts/people.ts";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";
import { labelRelatables } from "./caseRelatables.ts";

export interface CaseRow {
  id: number;
  organization_id: number;
  owner_user_id: number;
  name: string;
  is_shared_with_org: boolean;
  notes: string | null;
  relatables: unknown;
  created_at: Date | string;
  updated_at: Date | string;
  owner_uuid: string | null;
  owner_email: string | null;
  owner_full_name: string | null;
}

const caseColumns = `c.id, c.organization_id, c.owner_user_id, c.name, c.is_shared_with_org, c.notes,
  c.relatables, c.created_at, c.updated_at, o.uuid AS owner_uuid, o.email AS owner_email,
  o.full_name AS owner_full_name`;
const casesFrom = "cases c LEFT JOIN users o ON o.id = c.owner_user_id";

/** docs/API.md "Cases": a member sees the cases they own and those shared with the organization. */
const visibleTo = "c.organization_id = $1 AND (c.owner_user_id = $2 OR c.is_shared_with_org)";

function relatablesOf(value: unknown): CaseRelatable[] {
  return jsonValue<Array<{ resourceUrn?: unknown; note?: unknown; addedAt?: unknown }>>(value, [])
    .filter((item) => typeof item?.resourceUrn === "string")
    .map((item) => ({
      resourceUrn: item.resourceUrn as string,
      note: typeof item.note === "string" && item.note !== "" ? item.note : null,
      addedAt: typeof item.addedAt === "string" ? toIso(item.addedAt) : null,
    }));
}

function toRecord(row: CaseRow, extra: { relatables?: boolean; notes?: CaseNote[] }): CaseRecord {
  return {
    id: String(row.id),
    name: row.name,
    ownerUserId: String(row.owner_user_id),
    owner: personOf({ uuid: row.owner_uuid, email: row.owner_email, full_name: row.owner_full_name }),
    isSharedWithOrg: row.is_shared_with_org,
    description: row.notes,
    ...(extra.relatables ? { relatables: relatablesOf(row.relatables) } : {}),
    ...(extra.notes ? { notes: extra.notes } : {}),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export interface CaseScope {
  organizationId: number;
  userId: number;
}

export async function listCases(
  db: Queryable,
  scope: CaseScope,
  query: {
    includeCaseRelatables: boolean;
    isSharedWithOrg?: boolean;
    ownerUserId?: number;
    limit: number;
    offset: number;
  },
): Promise<{ cases: CaseRecord[]; count: number }> {
  const where = `${visibleTo} AND ($3::boolean IS NULL OR c.is_shared_with_org = $3)
    AND ($4::integer IS NULL OR c.owner_user_id = $4)`;
  const params = [
    scope.organizationId,
    scope.userId,
    query.isSharedWithOrg ?? null,
    query.ownerUserId ?? null,
  ];
  const rows = await db.query<CaseRow>(
    `SELECT ${caseColumns} FROM ${casesFrom} WHERE ${where} ORDER BY c.id DESC LIMIT $5 OFFSET $6`,
    [...params, query.limit, query.offset],
  );
  const [counted] = await db.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM cases c WHERE ${where}`,
    params,
  );
  return {
    cases: rows.map((row) => toRecord(row, { relatables: query.includeCaseRelatables })),
    count: Number(counted?.count ?? 0),
  };
}

/** The case when the caller may see it; undefined otherwise (another organization's, or private to its owner). */
export async function findVisibleCase(
  db: Queryable,
  scope: CaseScope,
  id: number,
): Promise<CaseRow | undefined> {
  const [row] = await db.query<CaseRow>(
    `SELECT ${caseColumns} FROM ${casesFrom} WHERE ${visibleTo} AND c.id = $3`,
    [scope.organizationId, scope.userId, id],
  );
  return row;
}

async function notesOf(db: Queryable, caseId: number): Promise<CaseNote[]> {
  const rows = await db.query<{
    id: number;
    text: string;
    created_at: Date | string;
    author: PersonColumns | null;
  }>(
    `SELECT n.id, n.text, n.created_at, CASE WHEN u.id IS NULL THEN NULL ELSE ${personJson("u")} END AS author
     FROM case_notes n LEFT JOIN users u ON u.id = n.user_id WHERE n.case_id = $1 ORDER BY n.id`,
    [caseId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    text: row.text,
    createdAt: toIso(row.created_at),
    author: personOf(jsonValue<PersonColumns | null>(row.author, null)),
  }));
}

/** The full case: relatables (graphs and flags named) and notes. */
export async function caseRecord(db: Queryable, row: CaseRow): Promise<CaseRecord> {
  const record = toRecord(row, { relatables: true, notes: await notesOf(db, row.id) });
  return { ...record, relatables: await labelRelatables(db, row.organization_id, record.relatables ?? []) };
}

export async function createCase(
  db: Queryable,
  scope: CaseScope,
  body: { name: string; isSharedWithOrg: boolean; description?: string },
): Promise<CaseRecord> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO cases (organization_id, owner_user_id, name, is_shared_with_org, notes)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [scope.organizationId, scope.userId, body.name, body.isSharedWithOrg, body.description || null],
  );
  const row = await findVisibleCase(db, scope, created!.id);
  return caseRecord(db, row!);
}

export async function updateCase(
  db: Queryable,
  id: number,
  body: { name?: string; isSharedWithOrg?: boolean; description?: string | null },
): Promise<void> {
  await db.query(
    `UPDATE cases SET name = COALESCE($2, name), is_shared_with_org = COALESCE($3, is_shared_with_org),
       notes = CASE WHEN $4::boolean THEN $5 ELSE notes END, updated_at = now()
     WHERE id = $1`,
    [
      id,
      body.name ?? null,
      body.isSharedWithOrg ?? null,
      body.description !== undefined,
      body.description === undefined || body.description === "" ? null : body.description,
    ],
  );
}

export async function deleteCase(db: Queryable, id: number): Promise<void> {
  await db.query("DELETE FROM cases WHERE id = $1", [id]);
}

/** Adds an element to the case once (a second attach of the same URN changes nothing). */
export async function attachRelatable(
  db: Queryable,
  id: number,
  relatable: { resourceUrn: string; note?: string },
): Promise<void> {
  await db.query(
    `UPDATE cases SET relatables = relatables || jsonb_build_array(jsonb_build_object(
         'resourceUrn', $2::text, 'note', $3::text, 'addedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
       updated_at = now()
     WHERE id = $1 AND NOT relatables @> jsonb_build_array(jsonb_build_object('resourceUrn', $2::text))`,
    [id, relatable.resourceUrn, relatable.note ?? ""],
  );
}

export async function detachRelatable(db: Queryable, id: number, resourceUrn: string): Promise<void> {
  await db.query(
    `UPDATE cases SET relatables = COALESCE(
         (SELECT jsonb_agg(r) FROM jsonb_array_elements(relatables) r WHERE r->>'resourceUrn' <> $2), '[]'::jsonb),
       updated_at = now()
     WHERE id = $1`,
    [id, resourceUrn],
  );
}

export async function addCaseNote(db: Queryable, id: number, userId: number, text: string): Promise<void> {
  await db.query("INSERT INTO case_notes (case_id, user_id, text) VALUES ($1, $2, $3)", [id, userId, text]);
  await db.query("UPDATE cases SET updated_at = now() WHERE id = $1", [id]);
}
