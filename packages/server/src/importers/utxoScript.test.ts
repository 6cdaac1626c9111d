import { expect, test } from "vitest";
import { opReturnData, spendProperties } from "./utxoScript.ts";

const key = (prefix: string) => `21${prefix}${"11".repeat(32)}`;

test("001 §3 address properties: a P2SH multisig spend reveals m-of-n and key compression", () => {
  // OP_0 <sig> <sig> <redeem: OP_2 <33-byte key> <33-byte key> <33-byte key> OP_3 OP_CHECKMULTISIG>
  const redeem = `52${key("02")}${key("03")}${key("02")}53ae`;
  const scriptSig = `00${"47"}${"30".repeat(71)}${"47"}${"30".repeat(71)}4c${(redeem.length / 2).toString(16)}${redeem}`;
  expect(spendProperties(scriptSig, "scripthash")).toEqual({ multisig: "2-of-3", publicKeyCompressed: true });
});

test("001 §3 address properties: a P2PKH spend pushes its public key, 33 bytes when compressed", () => {
  const signature = `47${"30".repeat(71)}`;
  expect(spendProperties(`${signature}${key("03")}`, "pubkeyhash")).toEqual({
    multisig: null,
    publicKeyCompressed: true,
  });
  expect(spendProperties(`${signature}41${"04".repeat(65)}`, "pubkeyhash")).toEqual({
    multisig: null,
    publicKeyCompressed: false,
  });
  // Segwit spends carry their data in the witness, which exports leave out.
  expect(spendProperties("", "witness_v0_keyhash")).toEqual({ multisig: null, publicKeyCompressed: null });
});

test("002 §3 OP_RETURN: the data an OP_RETURN output carries", () => {
  expect(opReturnData("6a0b68656c6c6f20776f726c64")).toBe("68656c6c6f20776f726c64");
  expect(opReturnData("76a914b5cd7aaed869cd5ccb45868e8666e7e934a2373688ac")).toBeNull();
});
