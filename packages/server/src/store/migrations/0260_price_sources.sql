-- Issue 43: prices are data with a source. A price row says where it came from: the demo world's
-- generated walk ('demo'), or an imported file ('import', its file name and format in `source`). An
-- imported transfer is priced from imported prices only, never from the demo walk; an imported price
-- replaces the demo price of its asset and day.
ALTER TABLE asset_prices
  ADD COLUMN origin text NOT NULL DEFAULT 'demo' CHECK (origin IN ('demo', 'import')),
  ADD COLUMN source text NOT NULL DEFAULT 'demo world';

-- Unknown is never zero: the rollups count the transfers that have no USD price beside their USD sums,
-- so a total over partly priced transfers can say it is a lower bound, and one over none says unknown.
ALTER TABLE address_daily_flows
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE entity_daily_flows
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE address_counterparties
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE entity_counterparties
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE address_counterparty_totals
  ADD COLUMN incoming_unpriced integer NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced integer NOT NULL DEFAULT 0;
ALTER TABLE address_summary
  ADD COLUMN incoming_unpriced bigint NOT NULL DEFAULT 0,
  ADD COLUMN outgoing_unpriced bigint NOT NULL DEFAULT 0,
  ALTER COLUMN balance_usd DROP NOT NULL;

-- An address with imported transfers is real evidence: its holdings are valued at imported prices
-- only. Set by the importers (LedgerWriter.finish); here for the imports made before.
ALTER TABLE addresses ADD COLUMN has_imported_transfers boolean NOT NULL DEFAULT false;
UPDATE addresses a SET has_imported_transfers = true
WHERE EXISTS (
  SELECT 1 FROM transfers t JOIN import_movements m ON m.transaction_id = t.transaction_id
  WHERE t.address_id = a.id
);
