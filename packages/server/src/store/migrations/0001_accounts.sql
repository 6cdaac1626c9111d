-- Accounts: users, organizations and who belongs where (000 §3), browser sessions and API tokens,
-- per-organization preferences, the activity log (000 §4), feature flag overrides (000 §6) and the
-- stored answers of idempotent POSTs (docs/API.md).

CREATE TABLE users (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  email text NOT NULL CONSTRAINT users_email_lowercase CHECK (email = lower(email)),
  first_name text,
  last_name text,
  full_name text,
  -- NULL for invited users who never set a password.
  password_hash text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE organizations (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  name text NOT NULL,
  parent_organization_id integer REFERENCES organizations (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- 000 §5: a duplicate name is refused, whatever its case.
CREATE UNIQUE INDEX organizations_name_key ON organizations (lower(name));

CREATE TABLE memberships (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX memberships_organization_idx ON memberships (organization_id);

-- Only the SHA-256 of the cookie value is stored: a leaked table opens no session.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE api_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id);

CREATE TABLE user_preferences (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  key text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organization_id, key)
);

CREATE TABLE activity_log (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id integer REFERENCES organizations (id) ON DELETE CASCADE,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_user_idx ON activity_log (user_id, organization_id, created_at DESC, id DESC);

-- Overrides only; a flag without a row takes its default from the SDK (featureFlagDefaults).
CREATE TABLE feature_flags (
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  target_domain text NOT NULL,
  key text NOT NULL,
  enabled boolean NOT NULL,
  PRIMARY KEY (organization_id, target_domain, key)
);

-- The first answer of a POST per (user, Idempotency-Key). status NULL means still in flight.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  status integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
