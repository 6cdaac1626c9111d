import { PassThrough } from "node:stream";
import { expect, test } from "vitest";
import { isInteractive, showsProgress } from "./interactive.ts";

function stream(tty: boolean) {
  return Object.assign(new PassThrough(), { isTTY: tty });
}

const terminal = { stdin: stream(true), stdout: stream(true), env: {}, input: true };

test("a person at a terminal is interactive", () => {
  expect(isInteractive(terminal)).toBe(true);
});

test("piped stdin or stdout is not interactive", () => {
  expect(isInteractive({ ...terminal, stdin: stream(false) })).toBe(false);
  expect(isInteractive({ ...terminal, stdout: stream(false) })).toBe(false);
});

test("CI is never interactive, unless CI is explicitly false", () => {
  expect(isInteractive({ ...terminal, env: { CI: "true" } })).toBe(false);
  expect(isInteractive({ ...terminal, env: { CI: "1" } })).toBe(false);
  expect(isInteractive({ ...terminal, env: { CONTINUOUS_INTEGRATION: "yes" } })).toBe(false);
  expect(isInteractive({ ...terminal, env: { CI: "false" } })).toBe(true);
  expect(isInteractive({ ...terminal, env: { CI: "0" } })).toBe(true);
});

test("--no-input turns prompting off", () => {
  expect(isInteractive({ ...terminal, input: false })).toBe(false);
});

test("progress shows on a terminal's stderr even when stdout is a file, never in CI", () => {
  expect(showsProgress({ stderr: stream(true), env: {} })).toBe(true);
  expect(showsProgress({ stderr: stream(false), env: {} })).toBe(false);
  expect(showsProgress({ stderr: stream(true), env: { CI: "true" } })).toBe(false);
});
