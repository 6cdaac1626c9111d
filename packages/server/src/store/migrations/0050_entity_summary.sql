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

-- A store whose rollups were built before this table existed gets it from them now (the same
-- statement as refreshRollups'); a new store has no entities yet and gets its rows at seeding.
INSERT INTO entity_summary
SELECT e.id, coalesce(a.addresses, 0), coalesce(f.transfers, 0), f.volume_usd
FROM entities e
LEFT JOIN (
  SELECT entity_id, count(*) AS addresses FROM addresses WHERE entity_id IS NOT NULL GROUP BY entity_id
) a ON a.entity_id = e.id
LEFT JOIN (
  SELECT entity_id, sum(incoming_transfers + outgoing_transfers) AS transfers,
    sum(incoming_usd + outgoing_usd) AS volume_usd
  FROM entity_daily_flows GROUP BY entity_id
) f ON f.entity_id = e.id;

ANALYZE entity_summary;
