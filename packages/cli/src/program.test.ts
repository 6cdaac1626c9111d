import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { run } from "./program.ts";
import { createTestIo } from "./testIo.ts";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "sleuth-cli-"));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

function io(options: { env?: Record<string, string>; stdin?: string; tty?: boolean } = {}) {
  const env = { XDG_CONFIG_HOME: join(home, "xdg"), ...options.env };
  return createTestIo({ ...options, homeDir: home, cwd: home, env });
}

describe("the sleuth command", () => {
  test("--help lists the commands and the exit codes", async () => {
    const terminal = io();
    expect(await run(["--help"], terminal)).toBe(0);
    const help = terminal.stdoutText();
    for (const command of ["login", "logout", "whoami", "org", "config", "search", "batch"])
      expect(help).toContain(command);
    expect(help).toContain(
      "Exit codes: 0 ok, 1 failure, 2 cancelled, 3 batch rows not resolved, 4 authentication required",
    );
  });

  test("--version prints the version", async () => {
    const terminal = io();
    expect(await run(["--version"], terminal)).toBe(0);
    expect(terminal.stdoutText()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  test("an unknown command fails with exit code 1 and a suggestion on stderr", async () => {
    const terminal = io();
    expect(await run(["whoamii"], terminal)).toBe(1);
    expect(terminal.stdoutText()).toBe("");
    expect(terminal.stderrText()).toContain("Did you mean whoami?");
  });

  test("there is no --token flag: secrets never go in flags", async () => {
    const terminal = io();
    expect(await run(["whoami", "--token", "x"], terminal)).toBe(1);
    expect(terminal.stderrText()).toContain("unknown option '--token'");
  });
});

describe("000 §7 session without credentials", () => {
  test("whoami with no token exits 4, says so on stderr and prints nothing on stdout", async () => {
    const terminal = io();
    expect(await run(["whoami"], terminal)).toBe(4);
    expect(terminal.stdoutText()).toBe("");
    expect(terminal.stderrText()).toContain("error: not logged in to http://127.0.0.1:7777");
    expect(terminal.stderrText()).toContain("sleuth login");
  });

  test("an unreachable server exits 1 with the URL it tried and a hint", async () => {
    const terminal = io({ env: { SLEUTH_TOKEN: "token", SLEUTH_API_URL: "http://127.0.0.1:9" } });
    expect(await run(["whoami"], terminal)).toBe(1);
    expect(terminal.stdoutText()).toBe("");
    expect(terminal.stderrText()).toContain("could not reach the Sleuth API at http://127.0.0.1:9");
    expect(terminal.stderrText()).toContain("pnpm start");
    expect(terminal.stderrText()).not.toMatch(/\n\s+at /);
  });

  test("login without a terminal and without --with-token refuses to prompt", async () => {
    const terminal = io();
    expect(await run(["login"], terminal)).toBe(1);
    expect(terminal.stderrText()).toContain("--with-token");
  });

  test("login --no-input refuses to prompt even on a terminal", async () => {
    const terminal = io({ tty: true });
    expect(await run(["--no-input", "login"], terminal)).toBe(1);
    expect(terminal.stderrText()).toContain("needs a terminal");
  });

  test("login --with-token with nothing on stdin fails and writes no config", async () => {
    const terminal = io({ stdin: "\n" });
    expect(await run(["login", "--with-token"], terminal)).toBe(1);
    expect(terminal.stderrText()).toContain("no token on stdin");
    const config = io();
    await run(["config", "--json"], config);
    expect(JSON.parse(config.stdoutText()).token).toBeNull();
  });
});

describe("sleuth config", () => {
  test("shows where each value came from, with the token redacted", async () => {
    const token = "slt_abcdefghijklmnopqrstuvwxyz012345";
    const terminal = io({ env: { SLEUTH_TOKEN: token, SLEUTH_ORG: "Partner Agency" } });
    expect(await run(["--api-url", "http://localhost:7777/", "config", "--json"], terminal)).toBe(0);
    expect(terminal.stdoutText()).not.toContain(token.slice(4));
    expect(JSON.parse(terminal.stdoutText())).toMatchObject({
      apiUrl: { value: "http://localhost:7777", source: { kind: "flag", name: "--api-url" } },
      token: { value: "slt_********", source: { kind: "env", name: "SLEUTH_TOKEN" } },
      organization: { value: "Partner Agency", source: { kind: "env", name: "SLEUTH_ORG" } },
      configFile: join(home, "xdg", "sleuth", "config.json"),
      demoFile: join(home, ".sleuth", "cli.json"),
    });
  });

  test("as text, one line per setting", async () => {
    const terminal = io();
    expect(await run(["config"], terminal)).toBe(0);
    expect(terminal.stdoutText()).toContain("api-url       http://127.0.0.1:7777  (default)");
    expect(terminal.stdoutText()).toContain("token         none");
  });
});
