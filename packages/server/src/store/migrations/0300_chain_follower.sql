-- Issue 46: the chain follower (src/follower, docs/IMPORTERS.md "Following a node").

-- The blocks the follower took, newest kept: the highest is its checkpoint, and the hashes let it
-- tell a reorganisation (a new block whose parent is not the hash kept here) and find where the
-- node's chain and the store's part. Written in the same transaction as the block's rows, so a
-- crash leaves the checkpoint and the rows in step.
CREATE TABLE chain_blocks (
  chain text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text COLLATE "C" NOT NULL,
  PRIMARY KEY (chain, block_number)
);

-- What the follower of a chain was asked to do, so a restarted server goes on where it was.
CREATE TABLE chain_follows (
  chain text PRIMARY KEY,
  rpc_url text NOT NULL,
  from_block bigint,
  to_block bigint,
  confirmations integer NOT NULL,
  running boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
