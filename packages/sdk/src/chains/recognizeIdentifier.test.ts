import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressFormsOf, addressPayloadLength, encodeAddress } from "./address.ts";
import { chainIds, chainsOfFamily } from "./chainRegistry.ts";
import { recognizeIdentifier } from "./recognizeIdentifier.ts";
import { encodeTransactionHash } from "./transactionHash.ts";

const evmChainIds = chainsOfFamily("evm").map((chain) => chain.id);
const genesisAddress = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const genesisCoinbase = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";

describe("000 §5 search input recognition", () => {
  test("000 §5 search input is trimmed", () => {
    const [first] = recognizeIdentifier(`  \t${genesisAddress}\n`);
    expect(first).toEqual({
      kind: "address",
      chain: "bitcoin",
      value: genesisAddress,
      urn: `urn:sleuth:address:bitcoin:${genesisAddress}`,
    });
  });

  test("000 §5 empty input gives no match", () => {
    expect(recognizeIdentifier("")).toEqual([]);
    expect(recognizeIdentifier("   ")).toEqual([]);
  });

  test("000 §5 input matching nothing gives no match", () => {
    expect(recognizeIdentifier("binance")).toEqual([]);
    expect(recognizeIdentifier("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toEqual([]);
    expect(recognizeIdentifier("x".repeat(10_000))).toEqual([]);
  });

  test("000 §5 a 0x address is a candidate on every EVM chain", () => {
    const found = recognizeIdentifier("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect(found.map((match) => match.chain)).toEqual(evmChainIds);
    for (const match of found) {
      expect(match.kind).toBe("address");
      expect(match.value).toBe("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
    }
  });

  test("000 §5 a mixed-case EVM address with a bad checksum matches nothing", () => {
    expect(recognizeIdentifier("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toEqual([]);
  });

  test("000 §5 a legacy base58 address is a candidate on every chain sharing its form", () => {
    const p2pkh = recognizeIdentifier(genesisAddress);
    expect(p2pkh.map((match) => [match.chain, match.value])).toEqual([
      ["bitcoin", genesisAddress],
      ["bitcoin-cash", "bitcoincash:qp3wjpa3tjlj042z2wv7hahsldgwhwy0rq9sywjpyy"],
    ]);
    const p2sh = recognizeIdentifier("3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC");
    expect(p2sh.map((match) => match.chain)).toEqual(["bitcoin", "litecoin", "bitcoin-cash"]);
  });

  test("000 §5 a bare 64-hex hash is a candidate on the UTXO chains and Tron", () => {
    const found = recognizeIdentifier(genesisCoinbase.toUpperCase());
    expect(found.map((match) => match.chain)).toEqual([
      "bitcoin",
      "tron",
      "litecoin",
      "bitcoin-cash",
      "dogecoin",
    ]);
    expect(found.every((match) => match.kind === "transaction" && match.value === genesisCoinbase)).toBe(
      true,
    );
    expect(found[0]?.urn).toBe(`urn:sleuth:transaction:bitcoin:${genesisCoinbase}`);
  });

  test("000 §5 a 0x 64-hex hash is a candidate on the EVM chains", () => {
    const found = recognizeIdentifier(`0x${genesisCoinbase}`);
    expect(found.map((match) => match.chain)).toEqual(evmChainIds);
    expect(found.every((match) => match.kind === "transaction")).toBe(true);
  });

  test("000 §5 a Solana address and signature are recognised", () => {
    expect(recognizeIdentifier("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toEqual([
      {
        kind: "address",
        chain: "solana",
        value: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        urn: "urn:sleuth:address:solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      },
    ]);
    const signature = encodeTransactionHash("solana", new Uint8Array(64).fill(7));
    expect(recognizeIdentifier(signature).map((match) => [match.kind, match.chain])).toEqual([
      ["transaction", "solana"],
    ]);
  });

  test("000 §5 chains excluded by configuration are ignored", () => {
    const found = recognizeIdentifier(genesisAddress, { excludedChains: ["bitcoin-cash"] });
    expect(found.map((match) => match.chain)).toEqual(["bitcoin"]);
    expect(recognizeIdentifier(genesisAddress, { excludedChains: ["bitcoin", "bitcoin-cash"] })).toEqual([]);
    const evm = recognizeIdentifier("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", {
      excludedChains: ["bsc", "base"],
    });
    expect(evm.map((match) => match.chain)).toEqual(
      evmChainIds.filter((id) => id !== "bsc" && id !== "base"),
    );
  });

  test("000 §2 IP addresses are recognised as internet addresses", () => {
    expect(recognizeIdentifier(" 192.0.2.1 ")).toEqual([
      { kind: "inet", chain: null, value: "192.0.2.1", urn: "urn:sleuth:inet:192.0.2.1" },
    ]);
    expect(recognizeIdentifier("2001:DB8::1")).toEqual([
      { kind: "inet", chain: null, value: "2001:db8::1", urn: "urn:sleuth:inet:2001:db8::1" },
    ]);
  });

  test("000 §6 with IP search switched off, IP addresses are not recognised", () => {
    expect(recognizeIdentifier("192.0.2.1", { recognizeInet: false })).toEqual([]);
  });

  test("000 §5 a pasted URN is recognised as itself", () => {
    const urn = `urn:sleuth:address:bitcoin:${genesisAddress}`;
    expect(recognizeIdentifier(urn)).toEqual([
      { kind: "address", chain: "bitcoin", value: genesisAddress, urn },
    ]);
    expect(recognizeIdentifier(urn, { excludedChains: ["bitcoin"] })).toEqual([]);
    expect(
      recognizeIdentifier(`URN:SLEUTH:ADDRESS:ETHEREUM:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`),
    ).toEqual([
      {
        kind: "address",
        chain: "ethereum",
        value: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
        urn: "urn:sleuth:address:ethereum:0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
      },
    ]);
    expect(recognizeIdentifier("urn:sleuth:entity:binance")).toEqual([]);
  });
});

describe("000 §5 recognition of minted identifiers (property)", () => {
  const mintedAddress = fc
    .constantFrom(...chainIds)
    .chain((chain) => fc.constantFrom(...addressFormsOf(chain)).map((form) => ({ chain, form })))
    .chain(({ chain, form }) =>
      fc
        .uint8Array({ minLength: addressPayloadLength(form), maxLength: addressPayloadLength(form) })
        .map((payload) => ({ chain, form, payload })),
    );

  test("000 §5 encodeAddress then recognizeIdentifier finds that chain and the same address", () => {
    fc.assert(
      fc.property(mintedAddress, ({ chain, form, payload }) => {
        const address = encodeAddress(chain, form, payload);
        const found = recognizeIdentifier(address);
        expect(found).toContainEqual(expect.objectContaining({ kind: "address", chain, value: address }));
        expect(
          recognizeIdentifier(address, { excludedChains: [chain] }).some((match) => match.chain === chain),
        ).toBe(false);
      }),
    );
  });

  test("000 §5 encodeTransactionHash then recognizeIdentifier finds that chain", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...chainIds),
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        (chain, bytes) => {
          const hash = encodeTransactionHash(chain, chain === "solana" ? bytes : bytes.slice(0, 32));
          expect(recognizeIdentifier(hash)).toContainEqual(
            expect.objectContaining({ kind: "transaction", chain, value: hash }),
          );
        },
      ),
    );
  });
});
