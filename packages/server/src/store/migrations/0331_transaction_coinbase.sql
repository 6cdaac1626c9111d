-- Issue 39: an incoming side without a sender is newly minted value only when the transaction mints:
-- a UTXO chain's coinbase, or (on an account chain) a transfer from the zero address. A UTXO
-- transaction whose inputs the export gives without addresses also has receivers without a sender,
-- and those are paid by someone unknown, not minted. The importers record what the data says:
-- true for a coinbase, false for any other transaction (bitcoin-etl's `is_coinbase`; ethereum has no
-- coinbase); NULL where nothing was recorded (the demo world, whose sender-less movements are mints
-- by construction, and imports made before this migration: importing the file again records it).
ALTER TABLE transactions ADD COLUMN coinbase boolean;
