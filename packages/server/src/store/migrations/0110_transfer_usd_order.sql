-- 001 §2/§5 transfer tables sort by USD amount as well as by time; keyset pages of that order walk
-- these indexes (a missing price sorts lowest, as -1: USD amounts are never negative) instead of
-- sorting all of a subject's transfers. Time order uses transfers_address_time_idx and
-- transfers_entity_time_idx (0010).
CREATE INDEX transfers_address_usd_idx ON transfers (address_id, (coalesce(amount_usd, -1)) DESC, id DESC);
CREATE INDEX transfers_entity_usd_idx ON transfers (entity_id, (coalesce(amount_usd, -1)) DESC, id DESC)
  WHERE entity_id IS NOT NULL;
