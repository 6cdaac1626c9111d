-- Issue 46 "Past one machine": several server processes on one PostgreSQL share one follower.
-- `generation` counts the starts and stops an admin made, so a process following older settings
-- stops or takes the new ones; the lease names the one process that follows (the others stand by
-- and take over when it lapses); `progress` is the following process's last status, so every
-- process answers the same one.
ALTER TABLE chain_follows
  ADD COLUMN generation integer NOT NULL DEFAULT 0,
  ADD COLUMN leader text,
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN progress jsonb;
