import { expect, test } from "vitest";
import { resourcesFromText } from "./resourceInput.ts";

test("000 §5 pasted addresses and URNs become custom-entity resources, each once", () => {
  const text = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "urn:sleuth:entity:binance, 1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
    "0x52908400098527886e0f7030069857d2e4169ee7",
    "hello",
  ].join("\n");
  const input = resourcesFromText(text);
  expect(input.resourceUrns).toEqual([
    "urn:sleuth:address:ethereum:0x52908400098527886e0f7030069857d2e4169ee7",
    "urn:sleuth:entity:binance",
    "urn:sleuth:address:bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
  ]);
  expect(input.unrecognized).toEqual(["hello"]);
});

test("000 §5 an excluded chain is skipped for the next one the address fits", () => {
  const input = resourcesFromText("0x52908400098527886e0f7030069857d2e4169ee7", {
    excludedChains: ["ethereum"],
  });
  expect(input.resourceUrns[0]).not.toContain(":ethereum:");
  expect(input.resourceUrns[0]).toMatch(/^urn:sleuth:address:/);
});
