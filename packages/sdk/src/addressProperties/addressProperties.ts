import { z } from "zod";
import type { AddressForm } from "../chains/address.ts";

/**
 * 001 §3 address types. Wire codes follow the script types bitcoind reports for UTXO chains and
 * the two account kinds of EVM chains; the labels are the specification's names.
 */
export const addressTypeLabels = {
  witness_v0_keyhash: "Witness keyhash",
  witness_v0_scripthash: "Witness scripthash",
  witness_v1_taproot: "Taproot",
  pubkeyhash: "Pubkeyhash",
  pubkey: "Pubkey",
  scripthash: "Scripthash",
  nonstandard: "Nonstandard",
  externally_owned_account: "Externally owned account",
  smart_contract: "Smart contract",
} as const;
export type AddressType = keyof typeof addressTypeLabels;
export const addressTypes = Object.keys(addressTypeLabels) as [AddressType, ...AddressType[]];

/** The 001 §3 address type of each address form (the demo world and the importers both write it). */
export const addressTypeOfForm = {
  p2pkh: "pubkeyhash",
  p2sh: "scripthash",
  p2wpkh: "witness_v0_keyhash",
  p2wsh: "witness_v0_scripthash",
  p2tr: "witness_v1_taproot",
  "cashaddr-p2pkh": "pubkeyhash",
  "cashaddr-p2sh": "scripthash",
  evm: "externally_owned_account",
  tron: "externally_owned_account",
  solana: "externally_owned_account",
} as const satisfies Readonly<Record<AddressForm, AddressType>>;

/** "m-of-n", as multisig scripts state it; m and n from 1 to 20, m at most n. */
export const multisigTypeSchema = z
  .string()
  .regex(/^([1-9]|1\d|20)-of-([1-9]|1\d|20)$/, "Not a multisig type")
  .refine((value) => {
    const [m, n] = value.split("-of-").map(Number);
    return m !== undefined && n !== undefined && m <= n;
  }, "Not a multisig type");

/** 001 §3 Address property tags; each property is absent when unknown. */
export const addressPropertiesSchema = z.object({
  multisigType: multisigTypeSchema.nullish(),
  addressType: z.enum(addressTypes).nullish(),
  publicKeyCompressed: z.boolean().nullish(),
});
export type AddressProperties = z.infer<typeof addressPropertiesSchema>;

/** The tag labels shown for an address, in the order multisig, address type, public key. */
export function addressPropertyTags(properties: AddressProperties): string[] {
  const tags: string[] = [];
  if (properties.multisigType) tags.push(`Multisig ${properties.multisigType}`);
  if (properties.addressType) tags.push(addressTypeLabels[properties.addressType]);
  if (properties.publicKeyCompressed === true) tags.push("Public key compressed");
  if (properties.publicKeyCompressed === false) tags.push("Public key uncompressed");
  return tags;
}
