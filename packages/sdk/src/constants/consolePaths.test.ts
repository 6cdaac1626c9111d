import { describe, expect, test } from "vitest";
import { isApiPath } from "./apiPaths.ts";
import { consolePath, consolePathPrefix, consolePaths } from "./consolePaths.ts";

const samples: Record<keyof typeof consolePaths, string> = {
  home: "/",
  signIn: "/signin",
  search: "/search",
  address: "/address/btc/1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
  entity: "/entity/42",
  customEntity: "/custom-entity/6f1c2b1e-3a5d-4c7e-9f00-1234567890ab",
  transaction: "/tx/eth/0xabc",
  transactionAnyChain: "/tx/0xabc",
  ip: "/ip/203.0.113.7",
  graph: "/graph",
  customEntities: "/custom-entities",
  organizationSettings: "/settings/organization",
  preferences: "/settings/preferences",
  operator: "/settings/operator",
  refresh: "/refresh?next=%2F",
  workspaceCases: "/workspace/cases",
  workspaceCase: "/workspace/cases/12",
  workspaceInbox: "/workspace/inbox",
  workspaceFlags: "/workspace/flags",
  workspaceReports: "/workspace/reports",
  triageHome: "/triage",
  triageAddress: "/triage/address/1BoatSLRHtKNngkdXEeobR76b53LETtpyT/bitcoin",
  triageTransaction:
    "/triage/transaction/btc/4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
  triageResults: "/triage/search?q=1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
  triageHistory: "/triage/history",
  triageDetectors: "/triage/detectors",
};

describe("console paths (000 §2 screens and routes)", () => {
  test("000 §2 no console route is answered by the API at the same origin", () => {
    for (const path of Object.values(samples)) expect(isApiPath(path), path).toBe(false);
  });

  test("000 §7 the API's own paths are recognised", () => {
    for (const path of [
      "/auth/login",
      "/auth-user-info",
      "/users-organizations",
      "/user-preferences",
      "/graphs/1",
      "/triage/v1/x",
      "/healthz",
    ]) {
      expect(isApiPath(path), path).toBe(true);
    }
  });

  test("000 §2 a page's link fills its route's parameters, encoded, and starts with the route's prefix", () => {
    const link = consolePath(consolePaths.triageAddress, { address: "bc1q/x y", chain: "bitcoin" });
    expect(link).toBe("/triage/address/bc1q%2Fx%20y/bitcoin");
    expect(link.startsWith(consolePathPrefix(consolePaths.triageAddress))).toBe(true);
    expect(consolePathPrefix(consolePaths.address)).toBe("/address/");
    expect(consolePathPrefix(consolePaths.graph)).toBe("/graph");
    expect(() => consolePath(consolePaths.entity, {})).toThrow(/needs id/);
  });
});
