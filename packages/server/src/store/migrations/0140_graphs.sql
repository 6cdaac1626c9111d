-- Saved investigation graphs (002 §3 graph record, 002 §7 /graphs): one row per graph, owned by an
-- organization and read only within it. The document (nodes, edges, positions, notes) is the SDK's
-- graphDocumentSchema, validated before it is written; counts are kept for the list of graphs.
CREATE TABLE graphs (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text,
  document jsonb NOT NULL,
  node_count integer NOT NULL,
  edge_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The organization's graphs, most recently changed first.
CREATE INDEX graphs_organization_idx ON graphs (organization_id, updated_at DESC, id DESC);
