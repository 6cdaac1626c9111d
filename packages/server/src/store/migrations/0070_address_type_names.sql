-- One vocabulary for address types: the store spells the segwit forms as the wire, the SDK and
-- bitcoin-etl exports do (001 §3, after bitcoind's script types): witness_v0_keyhash,
-- witness_v0_scripthash and witness_v1_taproot, where it wrote witness_keyhash, witness_scripthash
-- and taproot. The server no longer translates one into the other.
ALTER TABLE addresses DROP CONSTRAINT addresses_address_type_check;
UPDATE addresses SET address_type = CASE address_type
    WHEN 'witness_keyhash' THEN 'witness_v0_keyhash'
    WHEN 'witness_scripthash' THEN 'witness_v0_scripthash'
    ELSE 'witness_v1_taproot'
  END
WHERE address_type IN ('witness_keyhash', 'witness_scripthash', 'taproot');
ALTER TABLE addresses ADD CONSTRAINT addresses_address_type_check CHECK (address_type IN (
  'witness_v0_keyhash', 'witness_v0_scripthash', 'witness_v1_taproot', 'pubkeyhash', 'pubkey', 'scripthash',
  'nonstandard', 'externally_owned_account', 'smart_contract'));
