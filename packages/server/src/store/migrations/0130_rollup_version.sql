-- Which build of the rollups the store holds (world/rollupVersion.ts): ensureRollups rebuilds them
-- at start whenever it differs from the running code's, so an upgraded server never answers with the
-- answers an earlier version printed into address_summary. One row; none until the first rebuild,
-- which this migration therefore causes on a store that already holds data.
CREATE TABLE rollup_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version text NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);
