-- One row per address with everything the 000 §7 address bulk calls answer (000 §3 metrics mini
-- summary and the risk-indicators mini-info), rebuilt by refreshRollups (src/world/rollups.ts) from
-- the other rollups, so a 900-address batch is one probe of this table per address: its key is the
-- address's own (address, chain), as in `addresses`, so a URN needs no lookup of the address first.
CREATE TABLE address_summary (
  address_id bigint PRIMARY KEY,
  chain text NOT NULL,
  address text COLLATE "C" NOT NULL,
  first_active timestamptz,
  last_active timestamptz,
  incoming_usd double precision NOT NULL,
  outgoing_usd double precision NOT NULL,
  incoming_transfers bigint NOT NULL,
  outgoing_transfers bigint NOT NULL,
  -- Assets the address ever moved, and those it holds now (positive balance).
  total_unique_assets integer NOT NULL,
  active_unique_assets integer NOT NULL,
  -- Held balances at each asset's latest price; a held asset without a price makes it estimated.
  balance_usd double precision NOT NULL,
  is_balance_estimated boolean NOT NULL,
  -- The highest risk level of its indicators (0: none) and that indicator's category.
  risk_score integer NOT NULL,
  risk_category text,
  -- [riskType, categoryId, category, level, incomingUsd, outgoingUsd, instances] per indicator of level > 0.
  risk_indicators jsonb,
  UNIQUE (address, chain)
);
