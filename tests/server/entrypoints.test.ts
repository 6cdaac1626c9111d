import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createNodeClient } from "@sleuth/sdk/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

function admin(dataDir: string, ...args: string[]) {
  return run(process.execPath, ["packages/server/src/admin.ts", ...args], {
    cwd: root,
    env: { ...process.env, SLEUTH_DATA_DIR: dataDir, DATABASE_URL: "" },
  });
}

/** Starts main.ts and waits for its sign-in instructions. */
function startMain(dataDir: string): Promise<{ child: ChildProcess; output: () => string; url: string }> {
  const child = spawn(process.execPath, ["packages/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      SLEUTH_DATA_DIR: dataDir,
      PORT: "0",
      SLEUTH_LOG_LEVEL: "warn",
      // What these tests check is the accounts, the sign-in text and cli.json; a demo world would
      // only add its seeding (tests/server/seedWorld.test.ts covers that) to every start.
      SLEUTH_WORLD_SCALE: "none",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`main.ts did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sleuth is running at (http:\/\/\S+)/.exec(output);
      if (match && output.includes("Stop with Ctrl-C")) {
        clearTimeout(timer);
        resolve({ child, output: () => output, url: match[1]! });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`main.ts exited with ${code}:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("the server and admin entry points on the embedded store", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "sleuth-main-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("admin.ts manages accounts; main.ts seeds nothing over them, serves, writes cli.json and stops cleanly", async () => {
    await admin(
      dataDir,
      "user",
      "create",
      "--email",
      "Ana@Agency.example",
      "--password",
      "s3cret-pass",
      "--name",
      "Ana Lima",
    );
    await admin(dataDir, "org", "create", "--name", "Agency");
    await admin(
      dataDir,
      "member",
      "add",
      "--email",
      "ana@agency.example",
      "--org",
      "Agency",
      "--role",
      "admin",
    );
    const { stdout: token } = await admin(
      dataDir,
      "token",
      "create",
      "--email",
      "ana@agency.example",
      "--name",
      "ci",
    );
    expect(token.trim()).toMatch(/^slt_/);
    await expect(admin(dataDir, "org", "create", "--name", "agency")).rejects.toMatchObject({ code: 1 });

    const main = await startMain(dataDir);
    try {
      const client = createNodeClient({ baseUrl: main.url, token: token.trim() });
      expect(await client.auth.userInfo()).toMatchObject({
        email: "ana@agency.example",
        firstName: "Ana",
        lastName: "Lima",
      });
      expect((await client.organizations.mine()).map((organization) => organization.name)).toEqual([
        "Agency",
      ]);
      // The store was not empty: no demo accounts, no demo sign-in, no CLI file for a demo user.
      expect((await client.auth.config()).demoUser).toBeNull();
      expect(existsSync(join(dataDir, "cli.json"))).toBe(false);
    } finally {
      main.child.kill("SIGTERM");
      expect(await exited(main.child)).toBe(0);
    }
    expect(existsSync(join(dataDir, "pgdata.lock"))).toBe(false);
  }, 180_000);
});

describe("a first start on an empty data directory", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "sleuth-first-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("seeds the demo accounts, prints how to sign in and leaves the CLI a working token", async () => {
    const main = await startMain(dataDir);
    try {
      expect(main.output()).toContain("demo@sleuth.example / sleuth-demo");
      expect(main.output()).toContain("Continue as demo user");
      expect(main.output()).toContain("pnpm sleuth whoami");
      const cliPath = join(dataDir, "cli.json");
      expect(statSync(cliPath).mode & 0o777).toBe(0o600);
      const cli = JSON.parse(readFileSync(cliPath, "utf8"));
      expect(cli.apiUrl).toBe(main.url);
      const client = createNodeClient({ baseUrl: cli.apiUrl, token: cli.token });
      expect((await client.auth.userInfo()).fullName).toBe("Dana Demo");
      expect((await client.auth.config()).demoUser).toEqual({ email: "demo@sleuth.example" });
      expect((await client.organizations.mine()).map(({ name, role }) => `${name}:${role}`)).toEqual([
        "Demo Investigations:admin",
        "Partner Agency:viewer",
      ]);
      // PGlite is single-process: admin.ts refuses the data directory while the server holds it.
      await expect(admin(dataDir, "org", "create", "--name", "Meanwhile")).rejects.toMatchObject({
        stderr: expect.stringContaining("in use by process"),
      });
    } finally {
      main.child.kill("SIGINT");
      expect(await exited(main.child)).toBe(0);
    }
  }, 120_000);
});
