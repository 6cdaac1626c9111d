-- The 000 §3 attribution of each address joins its summary row, so the third address bulk call
-- (POST /v2/attribution/address) probes the same row as the other two instead of the address, its
-- owner and its tags in two statements: its owner (addresses.entity_id, the resolved ownership) and
-- its tags, the most confident first, as [tag_type, category_id, category, evidence, confidence,
-- entity_slug, entity_name, signature_id, signature_name, signature_description] arrays.
-- Emptied first so a store built before these columns gets its summaries rebuilt at start
-- (ensureRollups), and the column change below rewrites no rows.
TRUNCATE address_summary;
ALTER TABLE address_summary
  ADD COLUMN owner_slug text,
  ADD COLUMN owner_name text,
  ADD COLUMN owner_category_id integer,
  ADD COLUMN owner_category text,
  ADD COLUMN tags json,
  -- json, not jsonb: a batch reads these as text, and json is its text as stored, where jsonb is
  -- printed anew on every read (a fifth of the risk call's time in the store).
  ALTER COLUMN risk_indicators TYPE json;
-- A batch probes this table by address alone, three times per address (metrics, risk, attribution):
-- a hash index answers an equality probe in about half the time of the (address, chain) b-tree.
CREATE INDEX address_summary_address_hash ON address_summary USING hash (address);
