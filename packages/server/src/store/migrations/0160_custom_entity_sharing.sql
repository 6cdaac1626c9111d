-- 002 §4/§6 custom-entity sharing and 000 §4 refresh results.
--
-- general_access: restricted (invited users only) or environment (everyone in the organization,
-- with general_access_role). Rows made before sharing existed were visible to the whole
-- organization, so they keep that; new custom entities are created restricted to their creator.
ALTER TABLE custom_entities
  ADD COLUMN general_access text NOT NULL DEFAULT 'environment'
    CHECK (general_access IN ('restricted', 'environment')),
  ADD COLUMN general_access_role text NOT NULL DEFAULT 'editor'
    CHECK (general_access_role IN ('viewer', 'editor')),
  -- Each refresh bumps the generation; a part's result is written only for the generation it
  -- was computed for, so a newer refresh is never overwritten by an older one finishing late.
  ADD COLUMN refresh_generation integer NOT NULL DEFAULT 0,
  ADD COLUMN refresh_started_at timestamptz,
  ADD COLUMN refreshed_at timestamptz,
  -- What the four parts computed: addressCount, transfers, counterparties, metrics.
  ADD COLUMN refresh_results jsonb NOT NULL DEFAULT '{}';

-- The list (pages of 10, newest first) reads one organization's rows in this order.
CREATE INDEX custom_entities_organization_idx ON custom_entities (organization_id, created_at DESC, id DESC);

-- Invited users and their role (002 §3 collaborators, relations viewer or editor).
CREATE TABLE custom_entity_collaborators (
  custom_entity_id integer NOT NULL REFERENCES custom_entities (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'editor')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (custom_entity_id, user_id)
);
-- Visibility checks probe (custom entity, caller) through the primary key; this one serves
-- removing a member from an organization.
CREATE INDEX custom_entity_collaborators_user_idx ON custom_entity_collaborators (user_id);
