-- The address bulk calls read each known address's summary row as one JSON array of its values
-- (metrics/summaryRows.ts). The store printed those seventeen values anew for every row of every
-- batch, a third of a batch statement's time; `wire` holds them printed once, when refreshRollups
-- builds the row (summaryWireSql), and a batch only copies it. Nothing else writes the table.
-- Emptied first so a store built before the column gets its summaries rebuilt at start
-- (ensureRollups), as 0060 did.
TRUNCATE address_summary;
ALTER TABLE address_summary ADD COLUMN wire text NOT NULL;
