-- Issue 43, unknown is never zero: an entity's counterparty totals count, beside their USD sums, the
-- transfers that have no USD price, as the address-level rollups do (0260), so an entity's
-- counterparty total over partly priced transfers reads "at least $X; N of M transfers have no USD
-- price". The rollup version changes with the code that fills them, so ensureRollups fills the new
-- columns at the next start.
ALTER TABLE entity_counterparty_totals
  ADD COLUMN incoming_unpriced bigint NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced bigint NOT NULL DEFAULT 0;
