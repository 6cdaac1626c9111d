-- Issue 43, unknown is never zero: exposure and entity volumes summed over transfers that have no USD
-- price are lower bounds. The rollups count those transfers beside the sums, so a reader can say
-- "at least $X; N of M transfers have no USD price" (and unknown when none has one). The rollup
-- version changes with this code, so ensureRollups fills the new columns at the next start.
ALTER TABLE address_category_daily
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE entity_category_daily
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
-- Of `instances`, those without a USD price.
ALTER TABLE address_exposure ADD COLUMN unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE entity_exposure ADD COLUMN unpriced integer NOT NULL DEFAULT 0;
-- Of `transfers`, those without a USD price; volume_usd is null when that is all of them.
ALTER TABLE entity_summary ADD COLUMN unpriced_transfers bigint NOT NULL DEFAULT 0;
