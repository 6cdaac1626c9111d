import type { AddressProperties, AddressType } from "@sleuth/sdk";

// The store names segwit forms after the script (docs/DATA.md: witness_keyhash, witness_scripthash,
// taproot); the wire uses the SDK's 001 §3 names, which carry the witness version.
const wireAddressTypes: Record<string, AddressType> = {
  witness_keyhash: "witness_v0_keyhash",
  witness_scripthash: "witness_v0_scripthash",
  taproot: "witness_v1_taproot",
  pubkeyhash: "pubkeyhash",
  pubkey: "pubkey",
  scripthash: "scripthash",
  nonstandard: "nonstandard",
  externally_owned_account: "externally_owned_account",
  smart_contract: "smart_contract",
};

/** 001 §3 address properties of a stored address row. */
export function addressPropertiesOf(row: {
  address_type: string | null;
  multisig: string | null;
  public_key_compressed: boolean | null;
}): AddressProperties {
  return {
    addressType: row.address_type === null ? null : (wireAddressTypes[row.address_type] ?? null),
    multisigType: row.multisig,
    publicKeyCompressed: row.public_key_compressed,
  };
}
