import { ApiError } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { authRequired, CancelledError, CliError, describeError, exitCodeFor, exitCodes } from "./errors.ts";

describe("exit codes: 0 ok, 1 failure, 2 cancelled, 3 batch rows not resolved, 4 authentication required", () => {
  test("the documented numbers", () => {
    expect(exitCodes).toEqual({
      ok: 0,
      failure: 1,
      cancelled: 2,
      rowsUnresolved: 3,
      authRequired: 4,
      verifyFailed: 5,
    });
  });

  test("each failure maps to its code", () => {
    expect(exitCodeFor(new CancelledError())).toBe(2);
    expect(exitCodeFor(authRequired("not logged in"))).toBe(4);
    expect(exitCodeFor(new ApiError({ status: 401, code: "unauthenticated", message: "no" }))).toBe(4);
    expect(exitCodeFor(new ApiError({ status: 403, code: "forbidden", message: "no" }))).toBe(1);
    expect(exitCodeFor(new ApiError({ status: 0, code: "network_error", message: "ECONNREFUSED" }))).toBe(1);
    expect(exitCodeFor(new CliError("bad"))).toBe(1);
    expect(exitCodeFor(new Error("boom"))).toBe(1);
  });
});

describe("describeError", () => {
  test("an API error shows message, code and request id, never a stack", () => {
    const error = new ApiError({
      status: 404,
      code: "not_found",
      message: "Organization not found",
      requestId: "req-7",
    });
    const lines = describeError(error);
    expect(lines).toEqual(["error: Organization not found (not_found, request id req-7)"]);
    expect(lines.join("\n")).not.toMatch(/at .*\.ts/);
  });

  test("a 401 hints at signing in", () => {
    const lines = describeError(
      new ApiError({ status: 401, code: "unauthenticated", message: "Sign in first" }),
    );
    expect(lines[0]).toBe("error: Sign in first (unauthenticated)");
    expect(lines[1]).toMatch(/sleuth login/);
  });

  test("a network failure names the server and hints `pnpm start`", () => {
    const error = new ApiError({
      status: 0,
      code: "network_error",
      message: "connect ECONNREFUSED 127.0.0.1:9",
    });
    const lines = describeError(error, { apiUrl: "http://127.0.0.1:9" });
    expect(lines[0]).toContain("could not reach http://127.0.0.1:9");
    expect(lines[1]).toContain("pnpm start");
  });

  test("issue 46 a timed-out request says the server is busy, not that it is down", () => {
    const error = new ApiError({
      status: 0,
      code: "timeout",
      message: "Timeout awaiting 'request' for 30000ms",
    });
    const lines = describeError(error, { apiUrl: "http://127.0.0.1:7777" });
    expect(lines[0]).toContain("http://127.0.0.1:7777 did not answer in time");
    expect(lines[1]).toContain("busy");
    expect(lines.join("\n")).not.toContain("is the server running");
  });

  test("a CLI error prints its message and hint", () => {
    expect(describeError(new CliError("no token on stdin", { hint: "pipe one in" }))).toEqual([
      "error: no token on stdin",
      "hint: pipe one in",
    ]);
  });
});
