import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addressChainUrn, type ChainId, compareWithManifest, type SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import { createApiToken, demoAccounts, findUserByEmail, openPostgresStore, type Store } from "@sleuth/server";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, postgresAdminUrl } from "../helpers/server.ts";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";
import { postgresTemplate } from "../helpers/storeTemplates.ts";
import { downloadJobFile, sha256Hex, waitForJob } from "./exportHelpers.ts";

// Issue 46 "Past one machine": the documented deployment is several stateless server processes on one
// PostgreSQL database (docs/ARCHITECTURE.md "Deployment"). Two processes as `pnpm start` runs them,
// one database, one export directory: what one process answers or changes, the other sees at once,
// including what it had just remembered (store/changeCounters.ts).

interface Process {
  url: string;
  client(token: string): SleuthClient;
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

describe("two server processes on one PostgreSQL database", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let one: Process;
  let two: Process;
  let store: Store;
  let userId: number;
  let token: string;

  beforeAll(async () => {
    const database = await createTestDatabase({
      template: await postgresTemplate(postgresAdminUrl(), "small"),
    });
    cleanups.push(database.drop);
    const exportDir = await mkdtemp(join(tmpdir(), "sleuth-shared-exports-"));
    cleanups.push(() => rm(exportDir, { recursive: true, force: true }));
    store = await openPostgresStore(database.url, { max: 2 });
    cleanups.push(() => store.close());
    userId = (await findUserByEmail(store, demoAccounts.user.email))!.id;
    token = (await createApiToken(store, userId, "two processes")).token;
    const env = { DATABASE_URL: database.url, SLEUTH_EXPORT_DIR: exportDir };
    const started = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const { child } of started) cleanups.push(() => killHard(child));
    [one, two] = started.map(({ url }) => ({
      url,
      client: (secret: string) => createNodeClient({ baseUrl: url, token: secret }),
      fetch: (path: string, init?: RequestInit) => fetch(`${url}${path}`, init),
    })) as [Process, Process];
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  test("issue 46 a label imported through one process shows at once in the other's remembered attribution and risk", async () => {
    const [quiet] = await store.query<{ chain: ChainId; address: string }>(
      `SELECT chain, address FROM address_summary
       WHERE tags IS NULL AND owner_slug IS NULL AND risk_score = 0 ORDER BY address_id LIMIT 1`,
    );
    const urn = addressChainUrn(quiet!.chain, quiet!.address);
    const reader = two.client(token);
    // The metrics call leaves the address's answers remembered in process two for the calls after it.
    expect((await reader.metrics.addresses([urn])).data).toHaveLength(1);
    expect((await reader.attribution.addresses([urn])).data[0]?.tags).toEqual([]);
    expect((await reader.risk.addresses([urn])).data[0]?.riskScore).toBe(0);

    const imported = await one
      .client(token)
      .imports.run(
        "address-labels",
        `address,label,category,chain\n${quiet!.address},Sanctioned Desk,sanctions,${quiet!.chain}\n`,
      );
    expect(imported.inserted).toBeGreaterThan(0);

    const [attribution] = (await reader.attribution.addresses([urn])).data;
    expect(attribution?.tags.map((tag) => tag.category)).toEqual(["Sanctions"]);
    expect((await reader.risk.addresses([urn])).data[0]?.riskScore).toBeGreaterThan(0);
  });

  test("issue 46 a token revoked through one process is refused at once by the other", async () => {
    const { id, token: doomed } = await createApiToken(store, userId, "revoked elsewhere");
    // Resolved, and so remembered, by process two.
    expect((await two.client(doomed).auth.userInfo()).email).toBe(demoAccounts.user.email);
    await one.client(doomed).auth.revokeToken(id);
    const refused = await two.fetch("/auth-user-info", { headers: { authorization: `Bearer ${doomed}` } });
    expect(refused.status).toBe(401);
  });

  test("issue 46 a session signed in through one process works through the other, and ends in both", async () => {
    const login = await one.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoAccounts.user.email, password: demoAccounts.user.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith("sleuth_session="))!
      .split(";")[0]!;
    const userInfo = (process: Process) => process.fetch("/auth-user-info", { headers: { cookie } });
    expect((await userInfo(two)).status).toBe(200);
    expect((await userInfo(one)).status).toBe(200);
    const logout = await two.fetch("/auth/logout", { method: "POST", headers: { cookie } });
    expect(logout.status).toBeLessThan(300);
    expect((await userInfo(one)).status).toBe(401);
  });

  test("issue 46 001 §7 a job started through one process is polled and downloaded through the other", async () => {
    const [busy] = await store.query<{ chain: ChainId; address: string; transfers: number }>(
      `SELECT chain, address, incoming_transfers + outgoing_transfers AS transfers FROM address_summary
       WHERE incoming_transfers + outgoing_transfers > 100
       ORDER BY incoming_transfers + outgoing_transfers, address_id LIMIT 1`,
    );
    const parameters = { addressChainUrn: addressChainUrn(busy!.chain, busy!.address) };
    // Both processes read the same listing.
    const [first, second] = await Promise.all(
      [one, two].map((process) => process.client(token).transfers.address({ ...parameters, pageSize: 30 })),
    );
    expect(second!.data).toEqual(first!.data);
    expect(first!.data).toHaveLength(30);

    const job = await one.client(token).asyncJobs.create({ jobType: "ADDRESS_TRANSFERS_CSV", parameters });
    expect(job.totalRows).toBe(busy!.transfers);
    const done = await waitForJob(two.client(token), job.asyncJobUuid);
    expect(done).toMatchObject({ status: "succeeded", progressRows: job.totalRows });
    const file = await downloadJobFile(two.client(token), job.asyncJobUuid);
    const rows = Papa.parse<Record<string, string>>(file.text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(busy!.transfers);
    expect(rows.slice(0, 30).map((row) => row.transactionUrn)).toEqual(
      first!.data.map((row) => row.transactionUrn),
    );
    expect(
      compareWithManifest(file.manifest, {
        sha256: sha256Hex(file.text),
        byteLength: Buffer.byteLength(file.text),
        rowCount: rows.length,
      }),
    ).toEqual({ ok: true, problems: [] });
  });
});
