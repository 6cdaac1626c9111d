import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import { createApiToken, demoAccounts, findUserByEmail } from "@sleuth/server";
import { afterAll, describe, expect, test } from "vitest";
import type { TestStoreKind } from "../helpers/server.ts";
import {
  killHard,
  prepareProcessStore,
  startServerProcess as startServer,
} from "../helpers/serverProcess.ts";
import { insertSyntheticTransfers } from "../helpers/syntheticTransfers.ts";
import { expectEveryTransferOnce } from "./exportHelpers.ts";

// Issue 29 "Reliability": the server process is killed (SIGKILL, no clean-up) during a 100,000-row
// export; after a restart the job runs again and completes, and the file holds every row once and
// matches its manifest. On both stores: PGlite in a data directory (the server child owns it, as
// `pnpm start` does; the restarted child opens the same directory, PostgreSQL's own crash recovery
// replaying its WAL, and requeues the job it finds running), and a PostgreSQL server (the job is
// claimed again once its heartbeat is stale).
// Each store kind has a file of its own (exportCrashPglite.test.ts, exportCrashPostgres.test.ts):
// each is among the longest files of the run, and apart they run side by side.

const rows = 100_000;

export function describeExportCrash(kind: TestStoreKind): void {
  describe(`an export survives the server's death on ${kind}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    test("001 §7 the server is killed mid-export; after restart the job completes with every row once", async () => {
      const dir = await mkdtemp(join(tmpdir(), "sleuth-crash-"));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const env: Record<string, string> = { SLEUTH_DATA_DIR: dir, SLEUTH_EXPORT_DIR: join(dir, "exports") };
      const { store, drop } = await prepareProcessStore(kind, dir, env);
      cleanups.push(drop);
      const subject = await insertSyntheticTransfers(store, { count: rows });
      const user = await findUserByEmail(store, demoAccounts.user.email);
      const { token } = await createApiToken(store, user?.id ?? 0, "crash test");
      await store.close();

      let server = await startServer(env);
      cleanups.push(async () => {
        server.child.kill("SIGKILL");
      });
      let client: SleuthClient = createNodeClient({ baseUrl: server.url, token });
      const job = await client.asyncJobs.create({
        jobType: "ADDRESS_TRANSFERS_CSV",
        parameters: { addressChainUrn: subject.addressChainUrn },
      });
      expect(job.totalRows).toBe(rows);
      // Killed as soon as the worker has claimed it and written its first page: mid-export.
      for (;;) {
        const now = await client.asyncJobs.get(job.asyncJobUuid);
        expect(now.status).not.toBe("succeeded");
        if (now.status === "running" && now.progressRows > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await killHard(server.child);
      expect(existsSync(join(dir, "exports", `${job.asyncJobUuid}.csv`))).toBe(false);

      server = await startServer(env);
      client = createNodeClient({ baseUrl: server.url, token });
      let done = await client.asyncJobs.get(job.asyncJobUuid);
      const deadline = Date.now() + 240_000;
      while ((done.status === "queued" || done.status === "running") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        done = await client.asyncJobs.get(job.asyncJobUuid);
      }
      expect(done).toMatchObject({ status: "succeeded", progressRows: rows, totalRows: rows });

      await expectEveryTransferOnce(client, job.asyncJobUuid, rows);
      await killHard(server.child);
    }, 600_000);
  });
}
