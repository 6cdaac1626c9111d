import { type AddressProperties, type AddressType, addressTypes } from "@sleuth/sdk";

const knownTypes: ReadonlySet<string> = new Set(addressTypes);

/** 001 §3 address properties of a stored address row (the store spells address types as the wire). */
export function addressPropertiesOf(row: {
  address_type: string | null;
  multisig: string | null;
  public_key_compressed: boolean | null;
}): AddressProperties {
  return {
    addressType:
      row.address_type !== null && knownTypes.has(row.address_type)
        ? (row.address_type as AddressType)
        : null,
    multisigType: row.multisig,
    publicKeyCompressed: row.public_key_compressed,
  };
}
