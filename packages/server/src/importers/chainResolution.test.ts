import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { chainOfName, resolveListedAddress } from "./chainResolution.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

test("importers: the OFAC USDT list's Ethereum, Tron and Omni addresses are told apart by their form", () => {
  const addresses = fixture("ofac-sdn/sanctioned_addresses_USDT.txt").split("\n").filter(Boolean);
  const chains = addresses.map((address) => resolveListedAddress("USDT", address).chain);
  // Omni Layer USDT lives in bitcoin transactions, at bitcoin addresses.
  expect({
    ethereum: chains.filter((chain) => chain === "ethereum").length,
    tron: chains.filter((chain) => chain === "tron").length,
    bitcoin: chains.filter((chain) => chain === "bitcoin").length,
  }).toEqual({ ethereum: 8, tron: 11, bitcoin: 7 });
});

test("importers: a ticker naming a chain checks the address there; chains Sleuth does not model are refused", () => {
  expect(resolveListedAddress("ETH", "0x8589427373D6D84E98730D7795D8f6f8731FDA16")).toEqual({
    chain: "ethereum",
    address: "0x8589427373d6d84e98730d7795d8f6f8731fda16",
  });
  // A mixed-case EVM address must pass EIP-55: one flipped letter is a typo, not an address.
  expect(resolveListedAddress("ETH", "0x8589427373D6D84E98730D7795D8f6f8731FDa16").chain).toBeNull();
  expect(
    resolveListedAddress(
      "XMR",
      "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    ),
  ).toEqual({
    chain: null,
    reason: "XMR is not a chain Sleuth models",
  });
  // Bitcoin Cash shares bitcoin's legacy spelling: the ticker decides, and the store keeps CashAddr.
  expect(resolveListedAddress("BCH", "1BitcoinEaterAddressDontSendf59kuE")).toMatchObject({
    chain: "bitcoin-cash",
    address: expect.stringMatching(/^bitcoincash:q/),
  });
  expect(chainOfName("BEP20")).toBe("bsc");
  expect(chainOfName("eth")).toBe("ethereum");
});
