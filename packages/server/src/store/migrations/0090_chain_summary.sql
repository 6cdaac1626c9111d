-- 000 §5: recognition ignores the chains excluded by configuration. A chain the store holds no
-- address on is excluded (search/searchConfiguration.ts): asking about it can only answer "unknown",
-- and a pasted 0x-address would otherwise be sent on every EVM chain of the registry. One row per
-- chain with addresses, rebuilt by refreshRollups with the other rollups (every import and the demo
-- world's seeding run it); filled here from the addresses so an existing store needs no rebuild.
CREATE TABLE chain_summary (
  chain text PRIMARY KEY REFERENCES chains (id),
  addresses bigint NOT NULL CHECK (addresses > 0)
);
INSERT INTO chain_summary (chain, addresses) SELECT chain, count(*) FROM addresses GROUP BY chain;
