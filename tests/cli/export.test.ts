import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { refreshRollups } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { insertSyntheticTransfers } from "../helpers/syntheticTransfers.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// `sleuth export` and `sleuth jobs` as a script runs them (no terminal: plain output), against the
// real server (issue 29 "CLI"; 001 §4, §7).

describe("sleuth export and sleuth jobs (001 §4, §7)", () => {
  let server: TestServer;
  let sandbox: CliSandbox;
  let env: Record<string, string>;
  let urn: string;

  beforeAll(async () => {
    server = await startTestServer({ store: "pglite" });
    urn = (await insertSyntheticTransfers(server.store, { count: 250 })).addressChainUrn;
    // The counterparty table reads the rollups, as after any load.
    await refreshRollups(server.store);
    sandbox = await createCliSandbox();
    env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
  });
  afterAll(async () => {
    await sandbox?.remove();
    await server?.close();
  });

  test("001 §4 30 rows download directly; the file and its manifest verify; one changed byte fails with 5", async () => {
    const direct = await sandbox.runProcess(
      ["export", "transfers", urn, "--range", "1-30", "-o", "direct.csv"],
      {
        env,
      },
    );
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.stdout.trim()).toBe(join(sandbox.dir, "direct.csv"));
    const text = await readFile(join(sandbox.dir, "direct.csv"), "utf8");
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(31);
    const ok = await sandbox.run(["jobs", "verify", "direct.csv"], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^ok [0-9a-f]{64} 30 rows/);
    await writeFile(join(sandbox.dir, "direct.csv"), text.replace("outgoing", "outgoinG"));
    const changed = await sandbox.run(["jobs", "verify", "direct.csv"], { env });
    expect(changed.code).toBe(5);
    expect(changed.stderr).toMatch(/does not match its manifest/);
  });

  test("001 §4 more than 100 rows run as a job; jobs list shows it; the file verifies", async () => {
    const job = await sandbox.run(["export", "transfers", urn, "-o", "all.csv"], { env });
    expect(job.code, job.stderr).toBe(0);
    expect(job.stderr).toMatch(/job [0-9a-f-]{36}: 250 rows/);
    const verified = await sandbox.run(["jobs", "verify", "all.csv"], { env });
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/ 250 rows /);
    const list = await sandbox.run(["jobs", "list", "--json"], { env });
    expect(list.code).toBe(0);
    const listed = JSON.parse(list.stdout) as {
      jobs: { status: string; resultDownloadedAt: string | null }[];
    };
    expect(listed.jobs[0]).toMatchObject({ status: "succeeded" });
    expect(listed.jobs[0]?.resultDownloadedAt).not.toBeNull();
  });

  test("002 §7 sleuth export counterparties writes the pane's rows; a category table needs --category", async () => {
    const result = await sandbox.run(["export", "counterparties", urn, "-o", "counterparties.csv"], { env });
    expect(result.code, result.stderr).toBe(0);
    const lines = (await readFile(join(sandbox.dir, "counterparties.csv"), "utf8"))
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toMatch(/^counterpartyUrn,counterpartyType,name,/);
    // The synthetic address moved funds with one counterparty, 250 times.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",250,");
    const verified = await sandbox.run(["jobs", "verify", "counterparties.csv"], { env });
    expect(verified.code, verified.stderr).toBe(0);
    const missing = await sandbox.run(["export", "category-transfers", urn], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--category <id> is required/);
  });
});
