-- 002 §9 triage report (issue 33): each address's counterparties summed over their assets, with the
-- counterparty's address and owner, a rollup rebuilt with the others. The report reads one address's
-- largest counterparties in order from the volume index instead of summing its per-asset rows.
CREATE TABLE address_counterparty_totals (
  address_id bigint NOT NULL,
  counterparty_id bigint NOT NULL,
  counterparty text NOT NULL,
  counterparty_entity_id integer,
  incoming_usd double precision NOT NULL,
  outgoing_usd double precision NOT NULL,
  incoming_transfers integer NOT NULL,
  outgoing_transfers integer NOT NULL,
  last_transfer_at timestamptz NOT NULL,
  PRIMARY KEY (address_id, counterparty_id)
);
CREATE INDEX address_counterparty_totals_by_volume
  ON address_counterparty_totals (address_id, (incoming_usd + outgoing_usd) DESC, counterparty_id);
