import { expect, test } from "vitest";
import { defaultAllowedHosts } from "../config.ts";
import { hostAllowed } from "./hostAllowlist.ts";

test("the default allowlist answers loopback names on any port", () => {
  for (const host of ["127.0.0.1", "127.0.0.1:7777", "localhost:5173", "LOCALHOST", "[::1]:7777", "[::1]"]) {
    expect(hostAllowed(host, defaultAllowedHosts), host).toBe(true);
  }
});

test("other names, look-alikes and a missing Host are refused (DNS rebinding)", () => {
  for (const host of [
    undefined,
    "",
    "attacker.example",
    "localhost.attacker.example",
    "127.0.0.1.nip.io:7777",
    "[::2]:7777",
  ]) {
    expect(hostAllowed(host, defaultAllowedHosts), String(host)).toBe(false);
  }
});

test("an entry with a port allows that port only", () => {
  const allowlist = ["sleuth.internal:8443", "console.example"];
  expect(hostAllowed("sleuth.internal:8443", allowlist)).toBe(true);
  expect(hostAllowed("sleuth.internal:8080", allowlist)).toBe(false);
  expect(hostAllowed("console.example:443", allowlist)).toBe(true);
});
