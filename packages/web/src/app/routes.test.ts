import { describe, expect, test } from "vitest";
import { safeNextPath, signInPath } from "./routes.ts";

describe("console routes (000 §2 screens and routes)", () => {
  test("000 §4 after sign-in the console returns to the page asked for, never to another site", () => {
    expect(safeNextPath("/graph?chain=btc")).toBe("/graph?chain=btc");
    expect(safeNextPath("https://evil.example/")).toBe("/");
    expect(safeNextPath("//evil.example/")).toBe("/");
    expect(safeNextPath("/\\evil.example")).toBe("/");
    expect(safeNextPath("/auth/logout")).toBe("/");
    expect(safeNextPath(null)).toBe("/");
    expect(signInPath("/graph")).toBe("/signin?next=%2Fgraph");
    expect(signInPath("/")).toBe("/signin");
  });
});
