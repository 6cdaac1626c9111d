-- What the importers (src/importers, docs/IMPORTERS.md) need besides the world's tables.

-- The value movements of a transaction that an import already wrote as transfer rows: `value` (the
-- native value of an account-chain transaction), `log:<index>` (a token transfer), `utxo` (a UTXO
-- transaction's inputs and outputs). Transfers have no natural key of their own; this is it, so
-- importing a file twice, or a token_transfers file after its transactions file, writes each
-- movement once.
CREATE TABLE import_movements (
  transaction_id bigint NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  movement text NOT NULL,
  PRIMARY KEY (transaction_id, movement)
);
