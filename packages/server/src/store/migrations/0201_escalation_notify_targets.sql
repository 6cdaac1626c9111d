-- 002 §6: a restricted list of notify targets may be configured for escalation. One row per
-- organization that restricts it: the e-mails its admins chose. No row means every member may be
-- notified.
CREATE TABLE escalation_notify_targets (
  organization_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  emails jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
