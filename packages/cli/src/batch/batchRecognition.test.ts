import { chains, encodeAddress } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { ipSearchOff, notAnIdentifier, notSearchedOn, recognizeBatchInput } from "./batchRecognition.ts";

const payload = (size: number, seed: number) =>
  Uint8Array.from({ length: size }, (_, i) => (seed * 31 + i * 7) & 0xff);
const evmAddress = encodeAddress("ethereum", "evm", payload(20, 1)).toLowerCase();
const segwitAddress = encodeAddress("bitcoin", "p2wpkh", payload(20, 2));
const evmChains = chains.filter((chain) => chain.family === "evm").map((chain) => chain.id);

describe("000 §5 recognition of batch inputs", () => {
  test("a 0x address is a candidate on every EVM chain, in registry order", () => {
    const recognition = recognizeBatchInput(evmAddress);
    expect(recognition.type).toBe("lookup");
    if (recognition.type !== "lookup") return;
    expect(recognition.candidates.map((candidate) => candidate.chain)).toEqual(evmChains);
    expect(recognition.candidates[0]).toEqual({
      kind: "address",
      chain: "ethereum",
      urn: `urn:sleuth:address:ethereum:${evmAddress}`,
    });
  });

  test("--chain keeps that chain's candidate only", () => {
    const recognition = recognizeBatchInput(evmAddress, { chain: "polygon" });
    expect(recognition).toEqual({
      type: "lookup",
      candidates: [{ kind: "address", chain: "polygon", urn: `urn:sleuth:address:polygon:${evmAddress}` }],
    });
  });

  test("chains the server excludes are not candidates; --chain searches its chain all the same", () => {
    const excludedChains = evmChains.filter((chain) => chain !== "ethereum" && chain !== "bsc");
    const recognition = recognizeBatchInput(evmAddress, { excludedChains });
    expect(
      recognition.type === "lookup" && recognition.candidates.map((candidate) => candidate.chain),
    ).toEqual(["ethereum", "bsc"]);
    const [named] = excludedChains;
    expect(recognizeBatchInput(evmAddress, { excludedChains, chain: named })).toEqual({
      type: "lookup",
      candidates: [{ kind: "address", chain: named, urn: `urn:sleuth:address:${named}:${evmAddress}` }],
    });
  });

  test("an identifier valid only on excluded chains is not looked up, and the reason names them", () => {
    expect(recognizeBatchInput(evmAddress, { excludedChains: evmChains })).toEqual({
      type: "unsearched",
      kind: "address",
      reason: notSearchedOn(evmChains),
    });
    expect(notSearchedOn(["solana"])).toBe("not searched: the server has no data on solana");
    // Text that is no identifier anywhere stays invalid.
    expect(recognizeBatchInput("Binance", { excludedChains: evmChains }).type).toBe("invalid");
  });

  test("an address of another chain than --chain is invalid, and the reason names the chain", () => {
    expect(recognizeBatchInput(segwitAddress, { chain: "ethereum" })).toEqual({
      type: "invalid",
      reason: "not an address or transaction hash on ethereum",
    });
  });

  test("a segwit address is recognised in its canonical (lowercase) form", () => {
    const recognition = recognizeBatchInput(segwitAddress.toUpperCase());
    expect(recognition).toEqual({
      type: "lookup",
      candidates: [{ kind: "address", chain: "bitcoin", urn: `urn:sleuth:address:bitcoin:${segwitAddress}` }],
    });
  });

  test("IP addresses, unless IP search is off (000 §6)", () => {
    expect(recognizeBatchInput("192.0.2.7")).toEqual({
      type: "lookup",
      candidates: [{ kind: "inet", chain: null, urn: "urn:sleuth:inet:192.0.2.7" }],
    });
    expect(recognizeBatchInput("192.0.2.7", { recognizeInet: false })).toEqual({
      type: "invalid",
      reason: ipSearchOff,
    });
  });

  test("entity and custom-entity URNs are looked up as themselves; other URNs are invalid", () => {
    expect(recognizeBatchInput("urn:sleuth:entity:binance")).toEqual({
      type: "lookup",
      candidates: [{ kind: "entity", chain: null, urn: "urn:sleuth:entity:binance" }],
    });
    const uuid = "6f1c2a4e-3b5d-4c7e-9f80-1a2b3c4d5e6f";
    expect(recognizeBatchInput(`urn:sleuth:custom-entity:${uuid.toUpperCase()}`)).toEqual({
      type: "lookup",
      candidates: [{ kind: "custom-entity", chain: null, urn: `urn:sleuth:custom-entity:${uuid}` }],
    });
    expect(recognizeBatchInput("urn:sleuth:asset:ethereum:native").type).toBe("invalid");
  });

  test("text that is no identifier is invalid with the reason", () => {
    expect(recognizeBatchInput("Binance")).toEqual({ type: "invalid", reason: notAnIdentifier });
    expect(recognizeBatchInput(`${evmAddress.slice(0, -1)}g`)).toEqual({
      type: "invalid",
      reason: notAnIdentifier,
    });
  });
});
