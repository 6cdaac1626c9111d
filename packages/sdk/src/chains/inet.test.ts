import { describe, expect, test } from "vitest";
import { isValidIpAddress, normalizeIpAddress } from "./inet.ts";

describe("000 §2 internet addresses", () => {
  test("IPv4 dotted quads are accepted as written", () => {
    expect(normalizeIpAddress("192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeIpAddress("0.0.0.0")).toBe("0.0.0.0");
    expect(normalizeIpAddress("255.255.255.255")).toBe("255.255.255.255");
  });

  test("malformed or ambiguous IPv4 is refused", () => {
    for (const value of ["256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.4 ", "0x7f.0.0.1", "1..2.3"]) {
      expect(isValidIpAddress(value), value).toBe(false);
    }
  });

  test("IPv6 is canonical in compressed lowercase", () => {
    expect(normalizeIpAddress("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(normalizeIpAddress("::1")).toBe("::1");
    expect(normalizeIpAddress("::ffff:192.0.2.1")).toBe("::ffff:c000:201");
  });

  test("malformed IPv6, zone ids and hostnames are refused", () => {
    for (const value of [
      "2001:db8::1::1",
      "fe80::1%eth0",
      "12345::",
      "localhost",
      "[::1]",
      ":",
      "1:2:3:4:5:6:7:8:9",
    ]) {
      expect(isValidIpAddress(value), value).toBe(false);
    }
  });
});
