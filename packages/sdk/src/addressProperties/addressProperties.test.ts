import { expect, test } from "vitest";
import { addressPropertiesSchema, addressPropertyTags } from "./addressProperties.ts";

test("001 §3 address-property tags: multisig type, address type, public key compressed", () => {
  expect(
    addressPropertyTags(
      addressPropertiesSchema.parse({
        multisigType: "2-of-3",
        addressType: "witness_v0_scripthash",
        publicKeyCompressed: true,
      }),
    ),
  ).toEqual(["Multisig 2-of-3", "Witness scripthash", "Public key compressed"]);
  expect(addressPropertyTags({ addressType: "smart_contract" })).toEqual(["Smart contract"]);
  expect(addressPropertyTags({})).toEqual([]);
});

test("001 §3 a multisig type needs m-of-n with m at most n", () => {
  expect(addressPropertiesSchema.safeParse({ multisigType: "3-of-2" }).success).toBe(false);
  expect(addressPropertiesSchema.safeParse({ multisigType: "two of three" }).success).toBe(false);
  expect(addressPropertiesSchema.safeParse({ addressType: "p2pkh" }).success).toBe(false);
});
