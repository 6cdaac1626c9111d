import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressFormsOf, addressPayloadLength, canonicalAddress, encodeAddress } from "./address.ts";
import { chainIds, chainInfo } from "./chainRegistry.ts";
import { normalizeIpAddress } from "./inet.ts";
import { recognizeIdentifier } from "./recognizeIdentifier.ts";
import { encodeTransactionHash } from "./transactionHash.ts";
import {
  addressChainUrn,
  addressChainUrnSchema,
  anyEntityUrnSchema,
  assetUrn,
  customEntityUrn,
  entityUrn,
  formatUrn,
  inetUrn,
  isUrn,
  parseUrn,
  transactionUrn,
  type UrnParts,
  urnSchema,
} from "./urn.ts";

const genesisAddress = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const usdtOnEthereum = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const uuid = "6f1c1a0e-2d4b-4c8e-9a57-0b3f7d2e9c11";

describe("000 §5 URNs", () => {
  test("builders spell each kind with the canonical value", () => {
    expect(addressChainUrn("bitcoin", genesisAddress)).toBe(`urn:sleuth:address:bitcoin:${genesisAddress}`);
    expect(addressChainUrn("ethereum", usdtOnEthereum)).toBe(
      `urn:sleuth:address:ethereum:${usdtOnEthereum.toLowerCase()}`,
    );
    expect(addressChainUrn("bitcoin-cash", genesisAddress)).toBe(
      "urn:sleuth:address:bitcoin-cash:bitcoincash:qp3wjpa3tjlj042z2wv7hahsldgwhwy0rq9sywjpyy",
    );
    expect(transactionUrn("ethereum", "AB".repeat(32))).toBe(
      `urn:sleuth:transaction:ethereum:0x${"ab".repeat(32)}`,
    );
    expect(entityUrn("binance")).toBe("urn:sleuth:entity:binance");
    expect(customEntityUrn(uuid.toUpperCase())).toBe(`urn:sleuth:custom-entity:${uuid}`);
    expect(assetUrn("bitcoin", "native")).toBe("urn:sleuth:asset:bitcoin:native");
    expect(assetUrn("ethereum", usdtOnEthereum)).toBe(
      `urn:sleuth:asset:ethereum:${usdtOnEthereum.toLowerCase()}`,
    );
    expect(assetUrn("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(
      "urn:sleuth:asset:tron:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
    expect(inetUrn("2001:DB8:0::1")).toBe("urn:sleuth:inet:2001:db8::1");
  });

  test("builders refuse invalid values", () => {
    expect(() => addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toThrow(TypeError);
    expect(() => transactionUrn("bitcoin", "abc")).toThrow(TypeError);
    expect(() => entityUrn("Binance Exchange")).toThrow(TypeError);
    expect(() => customEntityUrn("binance")).toThrow(TypeError);
    expect(() => assetUrn("bitcoin", genesisAddress)).toThrow(TypeError);
    expect(() => inetUrn("999.1.1.1")).toThrow(TypeError);
  });

  test("parseUrn reads values that hold colons", () => {
    expect(
      parseUrn("urn:sleuth:address:bitcoin-cash:bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2"),
    ).toEqual({
      kind: "address",
      chain: "bitcoin-cash",
      address: "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2",
    });
    expect(parseUrn("urn:sleuth:inet:::1")).toEqual({ kind: "inet", ip: "::1" });
  });

  test("parseUrn returns canonical values and ignores the case of the fixed segments", () => {
    expect(parseUrn(`URN:Sleuth:Address:Ethereum:${usdtOnEthereum}`)).toEqual({
      kind: "address",
      chain: "ethereum",
      address: usdtOnEthereum.toLowerCase(),
    });
  });

  test("002 §5 parseUrn checks the address or hash itself, not only the shape", () => {
    expect(parseUrn("urn:sleuth:address:bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBeNull();
    expect(parseUrn(`urn:sleuth:address:litecoin:${genesisAddress}`)).toBeNull();
    expect(parseUrn("urn:sleuth:address:ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBeNull();
    expect(parseUrn(`urn:sleuth:transaction:bitcoin:0x${"ab".repeat(32)}`)).toBeNull();
    expect(parseUrn(`urn:sleuth:address:btc:${genesisAddress}`)).toBeNull();
    expect(parseUrn(`urn:other:address:bitcoin:${genesisAddress}`)).toBeNull();
    expect(parseUrn("urn:sleuth:wallet:x")).toBeNull();
    expect(parseUrn("urn:sleuth:entity:")).toBeNull();
    expect(parseUrn(genesisAddress)).toBeNull();
  });

  test("000 §5 the URN table filter tells URNs from plain values", () => {
    expect(isUrn(`urn:sleuth:address:bitcoin:${genesisAddress}`)).toBe(true);
    expect(isUrn(genesisAddress)).toBe(false);
    expect(isUrn("urn:sleuth:entity:huione-guarantee")).toBe(true);
  });

  test("URN schemas accept valid URNs of their kind only", () => {
    const address = `urn:sleuth:address:bitcoin:${genesisAddress}`;
    expect(urnSchema.safeParse(address).success).toBe(true);
    expect(urnSchema.safeParse("urn:sleuth:address:bitcoin:nope").success).toBe(false);
    expect(addressChainUrnSchema.safeParse(address).success).toBe(true);
    expect(addressChainUrnSchema.safeParse("urn:sleuth:entity:binance").success).toBe(false);
    expect(anyEntityUrnSchema.safeParse("urn:sleuth:entity:binance").success).toBe(true);
    expect(anyEntityUrnSchema.safeParse(`urn:sleuth:custom-entity:${uuid}`).success).toBe(true);
    expect(anyEntityUrnSchema.safeParse(address).success).toBe(false);
  });
});

describe("000 §5 URN round trip (property)", () => {
  const addressParts = fc
    .constantFrom(...chainIds)
    .chain((chain) => fc.constantFrom(...addressFormsOf(chain)).map((form) => ({ chain, form })))
    .chain(({ chain, form }) =>
      fc
        .uint8Array({ minLength: addressPayloadLength(form), maxLength: addressPayloadLength(form) })
        .map(
          (payload): UrnParts => ({ kind: "address", chain, address: encodeAddress(chain, form, payload) }),
        ),
    );
  const transactionParts = fc
    .tuple(fc.constantFrom(...chainIds), fc.uint8Array({ minLength: 64, maxLength: 64 }))
    .map(
      ([chain, bytes]): UrnParts => ({
        kind: "transaction",
        chain,
        hash: encodeTransactionHash(chain, chain === "solana" ? bytes : bytes.slice(0, 32)),
      }),
    );
  const slug = fc.stringMatching(/^[a-z0-9]{1,12}(?:-[a-z0-9]{1,8}){0,3}$/);
  const entityParts = fc.oneof(slug, fc.uuid()).map((id): UrnParts => ({ kind: "entity", id }));
  const customEntityParts = fc.uuid().map((id): UrnParts => ({ kind: "custom-entity", id }));
  const assetParts = fc.oneof(
    fc.constantFrom(...chainIds).map((chain): UrnParts => ({ kind: "asset", chain, asset: "native" })),
    addressParts
      .filter((parts) => parts.kind === "address" && chainInfo(parts.chain).family !== "utxo")
      .map(
        (parts): UrnParts =>
          parts.kind === "address" ? { kind: "asset", chain: parts.chain, asset: parts.address } : parts,
      ),
  );
  const inetParts = fc
    .oneof(fc.ipV4(), fc.ipV6())
    .map((ip): UrnParts => ({ kind: "inet", ip: normalizeIpAddress(ip) ?? "invalid" }));
  const anyParts = fc.oneof(
    addressParts,
    transactionParts,
    entityParts,
    customEntityParts,
    assetParts,
    inetParts,
  );

  test("000 §5 formatUrn then parseUrn gives the parts back", () => {
    fc.assert(
      fc.property(anyParts, (parts) => {
        const urn = formatUrn(parts);
        expect(parseUrn(urn)).toEqual(parts);
        expect(isUrn(urn)).toBe(true);
      }),
    );
  });

  test("000 §5 parseUrn then formatUrn gives the canonical spelling of any valid URN", () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV6(), fc.ipV4()), (ip) => {
        const parts = parseUrn(`urn:sleuth:inet:${ip}`);
        expect(parts).not.toBeNull();
        const canonical = formatUrn(parts!);
        expect(formatUrn(parseUrn(canonical)!)).toBe(canonical);
      }),
    );
  });
});

describe("000 §5 URN parsing of fresh strings (property)", () => {
  const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
  const mintedAddress = fc
    .constantFrom(...chainIds)
    .chain((chain) => fc.constantFrom(...addressFormsOf(chain)).map((form) => ({ chain, form })))
    .chain(({ chain, form }) =>
      bytesOf(addressPayloadLength(form)).map((payload) => ({
        chain,
        address: encodeAddress(chain, form, payload),
      })),
    );
  /** A copy of a string that shares nothing with it, as JSON.parse hands a server a request's URNs. */
  const freshCopy = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

  /** The reference split: fixed segments compared in lowercase, the value everything after the chain. */
  function referenceParse(urn: string): UrnParts | null {
    const match = /^urn:sleuth:([^:]*):([^:]*):(.*)$/is.exec(urn);
    if (urn.length > 256 || match === null || match[1]!.toLowerCase() !== "address") return null;
    const chain = chainIds.find((id) => id === match[2]!.toLowerCase());
    const address = chain === undefined ? null : canonicalAddress(chain, match[3]!);
    return chain === undefined || address === null ? null : { kind: "address", chain, address };
  }

  const mangledUrn = fc
    .tuple(
      mintedAddress,
      fc.constantFrom(
        "as is",
        "upper prefix",
        "upper kind",
        "upper chain",
        "symbol",
        "kind",
        "colon",
        "value",
      ),
      fc.nat(),
    )
    .map(([{ chain, address }, change, at]) => {
      const urn = `urn:sleuth:address:${chain}:${address}`;
      if (change === "upper prefix") return `URN:Sleuth:address:${chain}:${address}`;
      if (change === "upper kind") return `urn:sleuth:ADDRESS:${chain}:${address}`;
      if (change === "upper chain") return `urn:sleuth:address:${chain.toUpperCase()}:${address}`;
      if (change === "symbol") return `urn:sleuth:address:${chainInfo(chain).symbol}:${address}`;
      if (change === "kind") return `urn:sleuth:addresses:${chain}:${address}`;
      if (change === "colon") return urn.replace(":", "");
      if (change === "value") {
        const index = 20 + chain.length + (at % address.length);
        return `${urn.slice(0, index)}${urn[index] === "q" ? "p" : "q"}${urn.slice(index + 1)}`;
      }
      return urn;
    });

  test("000 §5 address URNs parse as the reference split and address check say, fixed segments in any case", () => {
    fc.assert(
      fc.property(mangledUrn, (urn) => {
        expect(parseUrn(freshCopy(urn))).toEqual(referenceParse(urn));
        expect(parseUrn(freshCopy(urn))).toEqual(referenceParse(urn));
      }),
      { numRuns: 3_000 },
    );
  });

  test("000 §5 a recognised address's URN parses back to it from a fresh copy", () => {
    fc.assert(
      fc.property(mintedAddress, ({ address }) => {
        for (const match of recognizeIdentifier(address)) {
          expect(match.kind).toBe("address");
          expect(parseUrn(freshCopy(match.urn))).toEqual({
            kind: "address",
            chain: match.chain,
            address: match.value,
          });
        }
      }),
    );
  });

  test("000 §5 answers stay right after the parser forgets the oldest ones", () => {
    const bitcoinUrn = `urn:sleuth:address:bitcoin:${genesisAddress}`;
    const evmUrn = `urn:sleuth:address:ethereum:${usdtOnEthereum}`;
    expect(parseUrn(bitcoinUrn)).toEqual({ kind: "address", chain: "bitcoin", address: genesisAddress });
    for (let index = 0; index < 100_000; index++) parseUrn(`urn:sleuth:entity:entity-${index}`);
    expect(parseUrn(freshCopy(bitcoinUrn))).toEqual({
      kind: "address",
      chain: "bitcoin",
      address: genesisAddress,
    });
    expect(parseUrn("urn:sleuth:entity:entity-0")).toEqual({ kind: "entity", id: "entity-0" });
    expect(parseUrn(evmUrn)).toEqual({
      kind: "address",
      chain: "ethereum",
      address: usdtOnEthereum.toLowerCase(),
    });
  });

  test("000 §5 one caller's answer cannot be changed under another", () => {
    const answers: [string, UrnParts][] = [
      [
        `urn:sleuth:address:bitcoin:${genesisAddress}`,
        { kind: "address", chain: "bitcoin", address: genesisAddress },
      ],
      [
        `urn:sleuth:address:base:${usdtOnEthereum}`,
        { kind: "address", chain: "base", address: usdtOnEthereum.toLowerCase() },
      ],
    ];
    for (const [urn, expected] of answers) {
      const first = parseUrn(urn) as { address: string };
      try {
        first.address = "changed";
      } catch {
        // Shared answers are frozen.
      }
      expect(parseUrn(freshCopy(urn))).toEqual(expected);
    }
  });
});
