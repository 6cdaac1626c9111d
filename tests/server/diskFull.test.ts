import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadMessages } from "@sleuth/sdk";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { insertSyntheticTransfers } from "../helpers/syntheticTransfers.ts";
import { waitForJob } from "./exportHelpers.ts";

// Issue 41 "Faults": the disk fills during an export. The export folder is a 512 KiB tmpfs (the
// test runs as root, as the suite does on CI; mount needs it), far smaller than the file.

const isRoot = process.getuid?.() === 0;
let server: TestServer;
let exportDir: string;

beforeAll(async () => {
  if (!isRoot) throw new Error("diskFull.test.ts mounts a small tmpfs and needs root");
  exportDir = mkdtempSync(join(tmpdir(), "sleuth-full-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", exportDir]);
  server = await startTestServer({ store: "pglite", env: { SLEUTH_EXPORT_DIR: exportDir } });
});

afterAll(async () => {
  await server?.close();
  if (exportDir) {
    execFileSync("umount", [exportDir]);
    rmSync(exportDir, { recursive: true, force: true });
  }
});

test("issue 41 the disk fills during an export: the job fails saying so, no partial file is served, the server answers", async () => {
  const subject = await insertSyntheticTransfers(server.store, { count: 20_000 });
  const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
  const job = await client.asyncJobs.create({
    jobType: "ADDRESS_TRANSFERS_CSV",
    parameters: { addressChainUrn: subject.addressChainUrn },
  });
  const done = await waitForJob(client, job.asyncJobUuid);
  expect(done.status).toBe("failed");
  expect(done.error).toBe(downloadMessages.diskFull);
  // Nothing is left in the folder: neither the file nor its partial.
  expect(readdirSync(exportDir)).toEqual([]);
  // The failed job has no file to hand out.
  await expect(client.asyncJobs.downloadUrl(job.asyncJobUuid)).rejects.toMatchObject({
    status: expect.any(Number),
  });
  const health = await server.fetch("/healthz");
  expect(health.status).toBe(200);
  expect((await client.auth.userInfo()).email).toBe(server.demo.user.email);

  // With room again (a small export fits), the next job succeeds.
  const small = await insertSyntheticTransfers(server.store, { count: 200, address: `0x${"7a".repeat(20)}` });
  const next = await client.asyncJobs.create({
    jobType: "ADDRESS_TRANSFERS_CSV",
    parameters: { addressChainUrn: small.addressChainUrn },
  });
  expect((await waitForJob(client, next.asyncJobUuid)).status).toBe("succeeded");
});
