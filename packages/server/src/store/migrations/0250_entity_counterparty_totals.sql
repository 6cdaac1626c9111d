-- 002 §7 counterparty-flows summary of an entity (issue 27): the entity's counterparties outside it,
-- an attributed one by its entity and an unattributed one by its address, summed over the entity's
-- addresses and their assets, a rollup rebuilt with the others. An exchange owns thousands of
-- addresses: summing their per-asset rows at query time reads each of them, where the summary's first
-- page is one walk of the volume index below.
CREATE TABLE entity_counterparty_totals (
  entity_id integer NOT NULL,
  counterparty_kind text NOT NULL CHECK (counterparty_kind IN ('entity', 'address')),
  counterparty_key bigint NOT NULL,
  -- Null when none of the flows' assets has a price (as the query-time sum answers).
  incoming_usd double precision,
  outgoing_usd double precision,
  total_usd double precision,
  incoming_transfers bigint NOT NULL,
  outgoing_transfers bigint NOT NULL,
  first_transfer_at timestamptz NOT NULL,
  last_transfer_at timestamptz NOT NULL,
  PRIMARY KEY (entity_id, counterparty_kind, counterparty_key)
);
CREATE INDEX entity_counterparty_totals_by_volume
  ON entity_counterparty_totals (entity_id, total_usd DESC NULLS LAST, counterparty_kind, counterparty_key);
