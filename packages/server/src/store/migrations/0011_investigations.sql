-- Organization-owned investigation data: cases (000 §3), collaboration networks (001 §7) and custom
-- entities (000 §3, 002 §3). Every row belongs to one organization and is read only within it.

CREATE TABLE cases (
  id serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  owner_user_id integer NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (name <> ''),
  is_shared_with_org boolean NOT NULL DEFAULT false,
  notes text,
  -- Related resources: [{resourceUrn, note?}].
  relatables jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cases_organization_idx ON cases (organization_id, id DESC);

-- A network groups organizations whose investigators share interests (001 "my network" audience).
CREATE TABLE networks (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  -- The organization that runs the network.
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE network_members (
  network_id integer NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  PRIMARY KEY (network_id, organization_id)
);
CREATE INDEX network_members_organization_idx ON network_members (organization_id);

-- 000 §3 custom entity; the four refresh parts are processing, failed or succeeded (000 §4).
CREATE TABLE custom_entities (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (name <> ''),
  is_not_supported boolean NOT NULL DEFAULT false,
  unsupported_reason text,
  refresh_summary text NOT NULL DEFAULT 'processing' CHECK (refresh_summary IN ('processing', 'failed', 'succeeded')),
  refresh_transfers text NOT NULL DEFAULT 'processing' CHECK (refresh_transfers IN ('processing', 'failed', 'succeeded')),
  refresh_addresses text NOT NULL DEFAULT 'processing' CHECK (refresh_addresses IN ('processing', 'failed', 'succeeded')),
  refresh_metrics text NOT NULL DEFAULT 'processing' CHECK (refresh_metrics IN ('processing', 'failed', 'succeeded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- 000 §7 validate-name: a name is taken once per organization, whatever its case.
CREATE UNIQUE INDEX custom_entities_name_key ON custom_entities (organization_id, lower(name));

CREATE TABLE custom_entity_resources (
  custom_entity_id integer NOT NULL REFERENCES custom_entities (id) ON DELETE CASCADE,
  resource_urn text NOT NULL,
  PRIMARY KEY (custom_entity_id, resource_urn)
);
