import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { ApiError } from "@sleuth/sdk";
import { render } from "ink-testing-library";
import React from "react";
import { afterEach, expect, test, vi } from "vitest";
import { CancelledError, exitCodeFor } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { type Credentials, LoginPrompt, promptLogin } from "./loginPrompt.ts";

const h = React.createElement;
const rendered: { unmount: () => void }[] = [];
afterEach(() => {
  for (const instance of rendered.splice(0)) instance.unmount();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

async function type(stdin: { write: (data: string) => void }, text: string) {
  stdin.write(text);
  await tick();
}

function setup(signIn: (credentials: Credentials) => Promise<void>) {
  const instance = render(h(LoginPrompt, { apiUrl: "http://127.0.0.1:7777", signIn }));
  rendered.push(instance);
  return instance;
}

test("sleuth login asks for the e-mail, then the password, and never shows the password", async () => {
  const signIn = vi.fn(async () => {});
  const { stdin, lastFrame } = setup(signIn);
  await tick();
  expect(lastFrame()).toContain("Sign in to http://127.0.0.1:7777");
  await type(stdin, "demo@sleuth.example");
  expect(lastFrame()).toContain("E-mail: demo@sleuth.example");
  await type(stdin, "\r");
  await type(stdin, "sleuth-demo");
  expect(lastFrame()).toContain("Password:");
  expect(lastFrame()).not.toContain("sleuth-demo");
  await type(stdin, "\r");
  expect(signIn).toHaveBeenCalledWith({ email: "demo@sleuth.example", password: "sleuth-demo" });
});

test("an address that is not an e-mail is refused before asking for the password", async () => {
  const { stdin, lastFrame } = setup(async () => {});
  await tick();
  await type(stdin, "demo");
  await type(stdin, "\r");
  expect(lastFrame()).toContain("enter an e-mail address");
  expect(lastFrame()).not.toContain("Password:");
});

test("a wrong password asks again, keeping the e-mail", async () => {
  let calls = 0;
  const signIn = vi.fn(async () => {
    calls += 1;
    if (calls === 1)
      throw new ApiError({ status: 401, code: "unauthenticated", message: "Wrong e-mail or password" });
  });
  const { stdin, lastFrame } = setup(signIn);
  await tick();
  await type(stdin, "demo@sleuth.example");
  await type(stdin, "\r");
  await type(stdin, "wrong");
  await type(stdin, "\r");
  expect(lastFrame()).toContain("wrong e-mail or password (2 more tries)");
  expect(lastFrame()).toContain("E-mail: demo@sleuth.example");
  await type(stdin, "sleuth-demo");
  await type(stdin, "\r");
  expect(signIn).toHaveBeenLastCalledWith({ email: "demo@sleuth.example", password: "sleuth-demo" });
});

test("backspace edits the e-mail", async () => {
  const { stdin, lastFrame } = setup(async () => {});
  await tick();
  await type(stdin, "demo@sleuth.examplex");
  await type(stdin, "\u007f");
  expect(lastFrame()).toContain("E-mail: demo@sleuth.example");
  expect(lastFrame()).not.toContain("examplex");
});

class FakeTerminalInput extends EventEmitter {
  isTTY = true;
  private pending: string | null = null;
  write(data: string) {
    this.pending = data;
    this.emit("readable");
  }
  read() {
    const data = this.pending;
    this.pending = null;
    return data;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

function terminalIo(stdin: FakeTerminalInput): CliIo {
  const stderr = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  stderr.resume();
  return {
    stdin: stdin as unknown as CliIo["stdin"],
    stdout: Object.assign(new PassThrough(), { isTTY: true }),
    stderr,
    env: {},
    cwd: "/",
    homeDir: "/",
    hostname: "test-host",
  };
}

test.each([
  ["Escape", "\u001b"],
  ["Ctrl-C", "\u0003"],
])("%s at the prompt cancels sign-in (exit code 2)", async (_name, key) => {
  const stdin = new FakeTerminalInput();
  const signIn = vi.fn(async () => {});
  const prompt = promptLogin(terminalIo(stdin), { apiUrl: "http://127.0.0.1:7777", signIn });
  await tick();
  stdin.write("demo@");
  await tick();
  stdin.write(key);
  const error = await prompt.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CancelledError);
  expect(exitCodeFor(error)).toBe(2);
  expect(signIn).not.toHaveBeenCalled();
});

test("e-mail and password typed ahead in one go sign in, each line break acting as Enter", async () => {
  const signIn = vi.fn(async () => {});
  const { stdin } = setup(signIn);
  await tick();
  await type(stdin, "demo@sleuth.example\nsleuth-demo\n");
  expect(signIn).toHaveBeenCalledWith({ email: "demo@sleuth.example", password: "sleuth-demo" });
});
