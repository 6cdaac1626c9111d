import { sha256 } from "@noble/hashes/sha2.js";
import { base58, createBase58check, hex } from "@scure/base";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  addressFormsOf,
  addressPayloadLength,
  canonicalAddress,
  decodeAddress,
  displayAddress,
  encodeAddress,
  isValidAddress,
  normalizeAddress,
} from "./address.ts";
import { decodeCashAddr, encodeCashAddr } from "./cashAddr.ts";
import { type ChainId, chainIds, chainInfo } from "./chainRegistry.ts";
import { checksumEvmAddress } from "./evmAddress.ts";
import { decodeSegwit, encodeSegwit } from "./segwit.ts";

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const bech32Alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** Every spelling that differs from `address` in one character of `alphabet`, from index `from` on. */
function oneCharacterCorruptions(address: string, alphabet: string, from = 0): string[] {
  const corrupted: string[] = [];
  for (let index = from; index < address.length; index++) {
    const replacement = alphabet[(alphabet.indexOf(address[index]!) + 1) % alphabet.length]!;
    corrupted.push(address.slice(0, index) + replacement + address.slice(index + 1));
  }
  return corrupted;
}

// Real mainnet addresses: the genesis coinbase, OFAC SDN list entries, token contracts, spec vectors.
const realAddresses: [ChainId, string][] = [
  ["bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
  ["bitcoin", "3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC"],
  ["bitcoin", "bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw"],
  ["bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"],
  ["ethereum", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"],
  ["tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
  ["tron", "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre"],
  ["litecoin", "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb"],
  ["litecoin", "M8yFL6SFC6TreATegTyuSYkDfDRbisdpT3"],
  ["litecoin", "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt"],
  ["bitcoin-cash", "bitcoincash:qzkddwa6hgh03skr4qsrygk7e087zjydxgqkpjnsw7"],
  ["bitcoin-cash", "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2"],
  ["dogecoin", "DLrPBnddK81Tn7YStmKVAhqfxYexZFJymq"],
  ["solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
  ["solana", "11111111111111111111111111111111"],
];

describe("000 §5 addresses per chain", () => {
  test.each(realAddresses)("000 §5 a real %s address %s is valid and already canonical", (chain, address) => {
    expect(isValidAddress(chain, address)).toBe(true);
    expect(normalizeAddress(chain, address)).toBe(address);
  });

  test("000 §5 an address is valid only on chains that use its form", () => {
    expect(isValidAddress("litecoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
    expect(isValidAddress("dogecoin", "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb")).toBe(false);
    expect(isValidAddress("bitcoin", "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt")).toBe(false);
    expect(isValidAddress("solana", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false);
    expect(isValidAddress("tron", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });

  test("000 §5 testnet addresses are not recognised", () => {
    expect(isValidAddress("bitcoin", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7")).toBe(
      false,
    );
    expect(isValidAddress("bitcoin-cash", "bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t")).toBe(false);
  });

  test("000 §5 one-character corruptions of base58check addresses are rejected", () => {
    for (const [chain, address] of [
      ["bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
      ["tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
      ["litecoin", "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb"],
      ["dogecoin", "DLrPBnddK81Tn7YStmKVAhqfxYexZFJymq"],
    ] as const) {
      for (const corrupted of oneCharacterCorruptions(address, base58Alphabet)) {
        expect(isValidAddress(chain, corrupted), corrupted).toBe(false);
      }
    }
  });

  test("000 §5 one-character corruptions of bech32 and CashAddr addresses are rejected", () => {
    for (const [chain, address, from] of [
      ["bitcoin", "bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw", 3],
      ["bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", 3],
      ["litecoin", "ltc1qx88q7zjd74lxwgkjmmwlqv5pd3vujuehexfttt", 4],
      ["bitcoin-cash", "bitcoincash:qzkddwa6hgh03skr4qsrygk7e087zjydxgqkpjnsw7", 12],
    ] as const) {
      for (const corrupted of oneCharacterCorruptions(address, bech32Alphabet, from)) {
        expect(isValidAddress(chain, corrupted), corrupted).toBe(false);
      }
    }
  });

  test("000 §5 addresses are checked as given: surrounding blanks make them invalid here", () => {
    expect(isValidAddress("bitcoin", " 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });
});

describe("000 §5 segwit addresses (BIP 173, BIP 350 test vectors)", () => {
  const valid: [string, number, string][] = [
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", 0, "751e76e8199196d454941c45d1b3a323f1433bd6"],
    [
      "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
      1,
      "751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6",
    ],
    ["BC1SW50QGDZ25J", 16, "751e"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", 2, "751e76e8199196d454941c45d1b3a323"],
    [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
      1,
      "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    ],
  ];

  test.each(valid)(
    "%s is valid, with its witness program, and canonical in lowercase",
    (address, _version, program) => {
      const decoded = decodeAddress("bitcoin", address);
      expect(decoded && hex.encode(decoded.payload)).toBe(program);
      expect(normalizeAddress("bitcoin", address)).toBe(address.toLowerCase());
    },
  );

  test("named witness forms are reported", () => {
    expect(decodeAddress("bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")?.form).toBe("p2wpkh");
    expect(decodeAddress("bitcoin", valid[4]![0])?.form).toBe("p2tr");
    expect(decodeAddress("bitcoin", "BC1SW50QGDZ25J")?.form).toBeNull();
  });

  test.each([
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
    "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
    "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
    "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",
    "bc1pw5dgrnzv",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
    "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",
    "bc1gmk9yu",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jJ0",
  ])("%s is invalid", (address) => {
    expect(isValidAddress("bitcoin", address)).toBe(false);
  });
});

describe("000 §5 EVM addresses (EIP-55 test vectors)", () => {
  const checksummed = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];

  test.each(checksummed)("%s is valid, canonical in lowercase and displayed with its checksum", (address) => {
    expect(isValidAddress("ethereum", address)).toBe(true);
    expect(normalizeAddress("ethereum", address)).toBe(address.toLowerCase());
    expect(displayAddress("ethereum", address.toLowerCase())).toBe(address);
  });

  test("000 §5 mixed case with a bad checksum is rejected; all lower or all upper case carries none", () => {
    expect(isValidAddress("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
    expect(isValidAddress("ethereum", "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
    expect(isValidAddress("polygon", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(true);
    expect(isValidAddress("bsc", "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED")).toBe(true);
  });

  test("000 §5 the 0x prefix and 40 hex digits are required", () => {
    expect(isValidAddress("ethereum", "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(false);
    expect(isValidAddress("ethereum", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae")).toBe(false);
    expect(isValidAddress("ethereum", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd")).toBe(false);
    expect(isValidAddress("ethereum", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg")).toBe(false);
  });
});

describe("000 §5 canonical spellings of shared and legacy forms", () => {
  // Legacy-to-CashAddr translation vectors of the CashAddr specification.
  const cashAddrTranslations: [string, string][] = [
    ["1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"],
    ["1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR", "bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy"],
    ["16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb", "bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r"],
    ["3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", "bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq"],
    ["3LDsS579y7sruadqu11beEJoTjdFiFCdX4", "bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e"],
    ["31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw", "bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37"],
  ];

  test.each(cashAddrTranslations)("bitcoin-cash legacy %s is canonical as %s", (legacy, cashAddr) => {
    expect(normalizeAddress("bitcoin-cash", legacy)).toBe(cashAddr);
    expect(displayAddress("bitcoin-cash", legacy)).toBe(cashAddr);
  });

  test("bitcoin-cash CashAddr is accepted without its prefix and in upper case", () => {
    const canonical = "bitcoincash:qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq";
    expect(normalizeAddress("bitcoin-cash", "qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq")).toBe(canonical);
    expect(normalizeAddress("bitcoin-cash", canonical.toUpperCase())).toBe(canonical);
    expect(normalizeAddress("bitcoin-cash", "QPF2CPHC5DKUCLKQUR7LHJ2YUQQ9PK3HMUKLE77VHQ")).toBe(canonical);
  });

  test("bitcoin-cash token-aware CashAddr shares the plain spelling's canonical form", () => {
    const hash = hex.decode("f5bf48b397dae70be82b3cca4793f8eb2b6cdac9");
    const tokenAware = encodeCashAddr({ prefix: "bitcoincash", type: 2, hash });
    expect(normalizeAddress("bitcoin-cash", tokenAware)).toBe(
      "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2",
    );
  });

  test("litecoin's legacy 3-addresses are canonical as M-addresses", () => {
    const script = hex.decode("76a04053bda0a88bda5177b86a15c3b29f559873");
    const legacy = encodeAddress("bitcoin", "p2sh", script);
    const current = encodeAddress("litecoin", "p2sh", script);
    expect(legacy.startsWith("3")).toBe(true);
    expect(current.startsWith("M")).toBe(true);
    expect(normalizeAddress("litecoin", legacy)).toBe(current);
  });

  test("normalizeAddress refuses an invalid address; displayAddress shows it unchanged", () => {
    expect(() => normalizeAddress("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toThrow(TypeError);
    expect(displayAddress("ethereum", "not an address")).toBe("not an address");
  });
});

describe("address builders", () => {
  test("each chain lists the forms that mint canonical addresses", () => {
    expect(addressFormsOf("bitcoin")).toEqual(["p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr"]);
    expect(addressFormsOf("dogecoin")).toEqual(["p2pkh", "p2sh"]);
    expect(addressFormsOf("bitcoin-cash")).toEqual(["cashaddr-p2pkh", "cashaddr-p2sh"]);
    expect(addressFormsOf("base")).toEqual(["evm"]);
    expect(addressFormsOf("tron")).toEqual(["tron"]);
    expect(addressFormsOf("solana")).toEqual(["solana"]);
  });

  test("known payloads encode to known addresses", () => {
    const genesisKeyHash = hex.decode("62e907b15cbf27d5425399ebf6f0fb50ebb88f18");
    expect(encodeAddress("bitcoin", "p2pkh", genesisKeyHash)).toBe("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    expect(encodeAddress("bitcoin-cash", "p2pkh", genesisKeyHash)).toBe("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    const witness = hex.decode("751e76e8199196d454941c45d1b3a323f1433bd6");
    expect(encodeAddress("bitcoin", "p2wpkh", witness)).toBe("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    const usdt = decodeAddress("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")!;
    expect(encodeAddress("tron", "tron", usdt.payload)).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(encodeAddress("solana", "solana", new Uint8Array(32))).toBe("11111111111111111111111111111111");
  });

  test("a form the chain lacks, or a payload of the wrong size, throws", () => {
    expect(() => encodeAddress("dogecoin", "p2wpkh", new Uint8Array(20))).toThrow(RangeError);
    expect(() => encodeAddress("ethereum", "tron", new Uint8Array(20))).toThrow(RangeError);
    expect(() => encodeAddress("bitcoin", "p2tr", new Uint8Array(20))).toThrow(RangeError);
    expect(addressPayloadLength("p2tr")).toBe(32);
    expect(addressPayloadLength("evm")).toBe(20);
  });
});

describe("000 §5 canonical spellings without re-encoding (property)", () => {
  const referenceBase58check = createBase58check(sha256);
  // The version bytes each chain reads in base58check; litecoin also reads bitcoin's P2SH version.
  const base58Versions: Partial<Record<ChainId, Record<number, "p2pkh" | "p2sh">>> = {
    bitcoin: { 0: "p2pkh", 5: "p2sh" },
    litecoin: { 48: "p2pkh", 50: "p2sh", 5: "p2sh" },
    dogecoin: { 30: "p2pkh", 22: "p2sh" },
    "bitcoin-cash": { 0: "p2pkh", 5: "p2sh" },
  };
  const segwitHrps: Partial<Record<ChainId, string>> = { bitcoin: "bc", litecoin: "ltc" };

  /** The slow way: decode with the codecs, then encode the payload in the chain's canonical form. */
  function referenceCanonical(chain: ChainId, text: string): string | null {
    const family = chainInfo(chain).family;
    if (family === "evm") {
      if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return null;
      const body = text.slice(2);
      const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
      if (mixedCase && checksumEvmAddress(text) !== text) return null;
      return encodeAddress(chain, "evm", hex.decode(body.toLowerCase()));
    }
    if (family === "solana") {
      try {
        const bytes = base58.decode(text);
        const canonical = text !== "" && bytes.length === 32 && base58.encode(bytes) === text;
        return canonical ? encodeAddress(chain, "solana", bytes) : null;
      } catch {
        return null;
      }
    }
    const cashAddr = chain === "bitcoin-cash" ? decodeCashAddr(text, "bitcoincash") : null;
    if (cashAddr !== null && cashAddr.prefix === "bitcoincash" && cashAddr.type <= 3) {
      const isScript = (cashAddr.type & 1) === 1;
      if (cashAddr.hash.length === 20 || (isScript && cashAddr.hash.length === 32))
        return encodeCashAddr({ prefix: "bitcoincash", type: cashAddr.type & 1, hash: cashAddr.hash });
    }
    const hrp = segwitHrps[chain];
    const segwit = hrp === undefined ? null : decodeSegwit(hrp, text);
    if (hrp !== undefined && segwit !== null) return encodeSegwit(hrp, segwit.version, segwit.program);
    let bytes: Uint8Array;
    try {
      bytes = referenceBase58check.decode(text);
    } catch {
      return null;
    }
    if (bytes.length !== 21) return null;
    if (family === "tron") return bytes[0] === 0x41 ? encodeAddress(chain, "tron", bytes.subarray(1)) : null;
    const form = base58Versions[chain]?.[bytes[0]!];
    if (form === undefined) return null;
    const cashForm = form === "p2pkh" ? "cashaddr-p2pkh" : "cashaddr-p2sh";
    return encodeAddress(chain, chain === "bitcoin-cash" ? cashForm : form, bytes.subarray(1));
  }

  const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
  const minted = fc
    .constantFrom(...chainIds)
    .chain((chain) => fc.constantFrom(...addressFormsOf(chain)).map((form) => ({ chain, form })))
    .chain(({ chain, form }) =>
      bytesOf(addressPayloadLength(form)).map((payload) => encodeAddress(chain, form, payload)),
    );
  const otherSpellings = fc.oneof(
    // Legacy spellings: bitcoin-cash base58, litecoin's 3-addresses.
    fc
      .tuple(fc.constantFrom("p2pkh", "p2sh") as fc.Arbitrary<"p2pkh" | "p2sh">, bytesOf(20))
      .map(([form, payload]) => encodeAddress("bitcoin", form, payload)),
    // Every CashAddr type and size, token-aware ones included, with and without the prefix.
    fc
      .tuple(fc.integer({ min: 0, max: 15 }), fc.constantFrom(20, 24, 32).chain(bytesOf), fc.boolean())
      .map(([type, hash, prefixed]) =>
        encodeCashAddr({ prefix: "bitcoincash", type, hash }).slice(prefixed ? 0 : 12),
      ),
    // Witness versions and program sizes with and without a name.
    fc
      .tuple(
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 2, max: 40 }).chain(bytesOf),
        fc.constantFrom("bc", "ltc"),
      )
      .map(([version, program, hrp]) => encodeSegwit(hrp, version, program)),
    // EIP-55 spellings.
    bytesOf(20).map((payload) => checksumEvmAddress(encodeAddress("ethereum", "evm", payload))),
  );
  const spellings = fc.oneof(minted, otherSpellings);
  const mangled = fc
    .tuple(
      spellings,
      fc.constantFrom("as is", "upper", "lower", "replace", "flip case", "cut"),
      fc.nat(),
      fc.constantFrom(..."13qpzOl0xXaAfF:"),
    )
    .map(([text, change, at, char]) => {
      const index = at % text.length;
      if (change === "upper") return text.toUpperCase();
      if (change === "lower") return text.toLowerCase();
      if (change === "replace") return text.slice(0, index) + char + text.slice(index + 1);
      if (change === "cut") return text.slice(0, index);
      if (change === "flip case") {
        const flipped =
          text[index]!.toUpperCase() === text[index]
            ? text[index]!.toLowerCase()
            : text[index]!.toUpperCase();
        return text.slice(0, index) + flipped + text.slice(index + 1);
      }
      return text;
    });

  test("000 §5 every chain's canonical spelling agrees with decoding and encoding again, valid or not", () => {
    fc.assert(
      fc.property(fc.oneof(spellings, mangled), (text) => {
        for (const chain of chainIds) {
          const expected = referenceCanonical(chain, text);
          expect(canonicalAddress(chain, text), `${chain} ${text}`).toBe(expected);
          expect(decodeAddress(chain, text)?.canonical ?? null, `${chain} ${text}`).toBe(expected);
        }
      }),
      { numRuns: 4_000 },
    );
  });

  test("000 §5 a minted address, or its legacy spelling, decodes to its payload and form", () => {
    const mintedParts = fc
      .constantFrom(...chainIds)
      .chain((chain) => fc.constantFrom(...addressFormsOf(chain)).map((form) => ({ chain, form })))
      .chain(({ chain, form }) =>
        bytesOf(addressPayloadLength(form)).map((payload) => ({ chain, form, payload })),
      );
    fc.assert(
      fc.property(mintedParts, bytesOf(20), ({ chain, form, payload }, hash) => {
        const address = encodeAddress(chain, form, payload);
        expect(decodeAddress(chain, address)).toEqual({ form, payload, canonical: address });
        expect(decodeAddress("litecoin", encodeAddress("bitcoin", "p2sh", hash))).toEqual({
          form: "p2sh",
          payload: hash,
          canonical: encodeAddress("litecoin", "p2sh", hash),
        });
        expect(decodeAddress("bitcoin-cash", encodeAddress("bitcoin", "p2pkh", hash))).toEqual({
          form: "p2pkh",
          payload: hash,
          canonical: encodeAddress("bitcoin-cash", "cashaddr-p2pkh", hash),
        });
      }),
    );
  });
});
