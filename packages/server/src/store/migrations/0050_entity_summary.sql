-- One row per entity with the figures its 002 §4 search hit shows: the addresses it owns, and its
-- transfers and USD volume over entity_daily_flows (its external flows). Summed per query they read
-- thousands of rows for a large exchange; refreshRollups (src/world/rollups.ts) rebuilds this table
-- with the others, so a palette query reads one row per entity hit.
CREATE TABLE entity_summary (
  entity_id integer PRIMARY KEY,
  addresses integer NOT NULL,
  transfers bigint NOT NULL,
  -- NULL when the entity has no flows at all.
  volume_usd double precision
);
-- A store whose rollups were built before this table existed gets it filled at start (ensureRollups).
