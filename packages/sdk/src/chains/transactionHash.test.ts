import { describe, expect, test } from "vitest";
import {
  encodeTransactionHash,
  hasExplorerTransactionHashForm,
  isValidTransactionHash,
  normalizeTransactionHash,
} from "./transactionHash.ts";

const bitcoinGenesisCoinbase = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
const ethereumTransaction = "0xeb107a40ba73a50c79a9f2026e902d758d1c5e5e211f7a7db1b294f88f118dd0";
const solanaSignature = encodeTransactionHash(
  "solana",
  Uint8Array.from({ length: 64 }, (_, index) => index * 3),
);

describe("000 §5 transaction hashes per chain", () => {
  test("000 §5 UTXO hashes are bare hex, canonical in lowercase", () => {
    expect(isValidTransactionHash("bitcoin", bitcoinGenesisCoinbase)).toBe(true);
    expect(normalizeTransactionHash("dogecoin", bitcoinGenesisCoinbase.toUpperCase())).toBe(
      bitcoinGenesisCoinbase,
    );
    expect(isValidTransactionHash("bitcoin", `0x${bitcoinGenesisCoinbase}`)).toBe(false);
    expect(isValidTransactionHash("bitcoin", bitcoinGenesisCoinbase.slice(1))).toBe(false);
    expect(isValidTransactionHash("bitcoin", `${bitcoinGenesisCoinbase.slice(1)}g`)).toBe(false);
  });

  test("000 §5 EVM hashes are canonical with 0x; the bare spelling is accepted once the chain is known", () => {
    expect(normalizeTransactionHash("ethereum", ethereumTransaction.toUpperCase().replace("0X", "0x"))).toBe(
      ethereumTransaction,
    );
    expect(normalizeTransactionHash("polygon", ethereumTransaction.slice(2))).toBe(ethereumTransaction);
    expect(hasExplorerTransactionHashForm("ethereum", ethereumTransaction.slice(2))).toBe(false);
    expect(hasExplorerTransactionHashForm("ethereum", ethereumTransaction)).toBe(true);
  });

  test("000 §5 Tron hashes are canonical without 0x, as Tronscan prints them", () => {
    expect(normalizeTransactionHash("tron", ethereumTransaction)).toBe(ethereumTransaction.slice(2));
    expect(hasExplorerTransactionHashForm("tron", ethereumTransaction.slice(2))).toBe(true);
    expect(hasExplorerTransactionHashForm("tron", ethereumTransaction)).toBe(false);
  });

  test("000 §5 Solana transaction ids are base58 signatures of 64 bytes", () => {
    expect(isValidTransactionHash("solana", solanaSignature)).toBe(true);
    expect(isValidTransactionHash("solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(false);
    expect(isValidTransactionHash("solana", bitcoinGenesisCoinbase)).toBe(false);
    expect(isValidTransactionHash("solana", `${solanaSignature.slice(0, -1)}0`)).toBe(false);
  });

  test("encodeTransactionHash spells bytes the chain's way and checks their length", () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, index) => index);
    const bare = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    expect(encodeTransactionHash("bitcoin", bytes)).toBe(bare);
    expect(encodeTransactionHash("tron", bytes)).toBe(bare);
    expect(encodeTransactionHash("arbitrum", bytes)).toBe(`0x${bare}`);
    expect(() => encodeTransactionHash("solana", bytes)).toThrow(RangeError);
    expect(() => encodeTransactionHash("bitcoin", new Uint8Array(31))).toThrow(RangeError);
    expect(() => normalizeTransactionHash("bitcoin", "nope")).toThrow(TypeError);
  });
});
