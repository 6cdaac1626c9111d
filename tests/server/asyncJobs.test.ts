import {
  addressChainUrn,
  type ChainId,
  compareWithManifest,
  entityUrn,
  exportManifestHeader,
  neutralizeCsvCell,
  type SleuthClient,
  transferCsvFields,
} from "@sleuth/sdk";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";
import { downloadJobFile, sha256Hex, startsFormula, waitForJob } from "./exportHelpers.ts";

// 001 §4 / §7 downloads and background jobs over HTTP on both stores (issue 29 "Server").

const formula = '=HYPERLINK("http://evil.example","x")';

describe.each(storeKinds)("CSV downloads and background jobs on %s", (kind) => {
  let server: TestServer;
  let demo: SleuthClient;
  let demoToken: string;
  let address: { urn: string; transfers: number; entityUrn: string };

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    demoToken = await server.tokenFor(server.demo.user.email);
    demo = server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });
    const [busiest] = await server.store.query<{ chain: ChainId; address: string; n: number; slug: string }>(
      `SELECT a.chain, a.address, count(*)::int AS n, min(e.slug) AS slug
       FROM transfers t JOIN addresses a ON a.id = t.address_id
       JOIN LATERAL (SELECT slug FROM entities ORDER BY id LIMIT 1) e ON true
       GROUP BY a.chain, a.address HAVING count(*) > 100 ORDER BY abs(count(*) - 400), a.address LIMIT 1`,
    );
    if (!busiest) throw new Error("the small world has no address with enough transfers");
    address = {
      urn: addressChainUrn(busiest.chain, busiest.address),
      transfers: busiest.n,
      entityUrn: entityUrn(busiest.slug),
    };
    // A cell that would run in a spreadsheet: every counterparty entity's name, every entity name.
    await server.store.query(`UPDATE entities SET name = $1 || ' ' || slug`, [formula]);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("001 §4 'Download' answers at most 100 rows with neutralised cells and a matching manifest", async () => {
    const { csv, manifest } = await demo.asyncJobs.direct({
      jobType: "ADDRESS_TRANSFERS_CSV",
      parameters: { addressChainUrn: address.urn, offset: 0, limit: 30 },
    });
    const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(30);
    expect(Object.keys(rows[0] ?? {})).toEqual([...transferCsvFields]);
    expect(manifest.rowCount).toBe(30);
    expect(
      compareWithManifest(manifest, {
        sha256: sha256Hex(csv),
        byteLength: Buffer.byteLength(csv),
        rowCount: 30,
      }).ok,
    ).toBe(true);
    for (const row of rows) for (const cell of Object.values(row)) expect(startsFormula(cell)).toBe(false);
    expect(rows.some((row) => row.counterpartyEntities?.startsWith(neutralizeCsvCell(formula)))).toBe(true);
    await expect(
      demo.asyncJobs.direct({
        jobType: "ADDRESS_TRANSFERS_CSV",
        parameters: { addressChainUrn: address.urn, limit: 101 },
      }),
    ).rejects.toMatchObject({ status: 409, details: { rowCount: 101 } });
  });

  test("001 §4 the job writes the same bytes as the direct download for the same rows", async () => {
    const parameters = { addressChainUrn: address.urn, offset: 5, limit: 40 };
    const direct = await demo.asyncJobs.direct({ jobType: "ADDRESS_TRANSFERS_CSV", parameters });
    const job = await demo.asyncJobs.create({ jobType: "ADDRESS_TRANSFERS_CSV", parameters });
    expect(job).toMatchObject({ status: "queued", totalRows: 40, resultExpiresAt: null });
    expect(job.fileName).toMatch(/^address-transfers_\d{8}T\d{6}Z\.csv$/);
    const done = await waitForJob(demo, job.asyncJobUuid);
    expect(done).toMatchObject({ status: "succeeded", progressRows: 40 });
    const file = await downloadJobFile(demo, job.asyncJobUuid);
    expect(file.text).toBe(direct.csv);
    expect(file.manifest).toMatchObject({
      rowCount: 40,
      sha256: direct.manifest.sha256,
      asyncJobUuid: job.asyncJobUuid,
    });
    const after = await demo.asyncJobs.get(job.asyncJobUuid);
    expect(after.resultDownloadedAt).not.toBeNull();
  });

  test("001 §7 every job type neutralises formula cells (transfers, entity transfers, search, screening)", async () => {
    const requests = [
      { jobType: "ADDRESS_TRANSFERS_CSV", parameters: { addressChainUrn: address.urn } },
      { jobType: "ENTITY_TRANSFERS_CSV", parameters: { entityUrn: address.entityUrn, limit: 500 } },
      { jobType: "SEARCH_RESULTS_CSV", parameters: { query: "HYPERLINK", attributionType: "entity" } },
      { jobType: "SCREENING_RESULTS_CSV", parameters: { addressChainUrns: [address.urn, address.urn] } },
    ] as const;
    for (const request of requests) {
      const job = await demo.asyncJobs.create(request);
      expect((await waitForJob(demo, job.asyncJobUuid)).status).toBe("succeeded");
      const file = await downloadJobFile(demo, job.asyncJobUuid);
      const cells = Papa.parse<string[]>(file.text, { skipEmptyLines: true }).data.slice(1).flat();
      expect(cells.length, request.jobType).toBeGreaterThan(0);
      for (const cell of cells) expect(startsFormula(cell), `${request.jobType}: ${cell}`).toBe(false);
      if (request.jobType !== "ADDRESS_TRANSFERS_CSV" && request.jobType !== "ENTITY_TRANSFERS_CSV")
        expect(
          cells.some((cell) => cell.startsWith(`'${formula}`)),
          request.jobType,
        ).toBe(true);
    }
  });

  test("001 §7 list: limit, offset, sort, the resultDownloadedAt/resultExpiresAt filters and meta.count", async () => {
    const before = await demo.asyncJobs.list({ limit: 100 });
    const job = await demo.asyncJobs.create({
      jobType: "SCREENING_RESULTS_CSV",
      parameters: { addressChainUrns: [address.urn] },
    });
    await waitForJob(demo, job.asyncJobUuid);
    const all = await demo.asyncJobs.list({ limit: 100 });
    expect(all.count).toBe(before.count + 1);
    expect(all.jobs[0]?.asyncJobUuid).toBe(job.asyncJobUuid);
    const oldestFirst = await demo.asyncJobs.list({ sort: "createdAt", limit: 1, offset: 0 });
    expect(oldestFirst.jobs[0]?.asyncJobUuid).toBe(all.jobs.at(-1)?.asyncJobUuid);
    const waiting = await demo.asyncJobs.list({
      resultDownloadedAt: "null",
      resultExpiresAt: `gt:${new Date().toISOString()}`,
    });
    expect(waiting.jobs.map((item) => item.asyncJobUuid)).toContain(job.asyncJobUuid);
    expect(await demo.asyncJobs.awaitingDownloadCount()).toBe(waiting.count);
    await downloadJobFile(demo, job.asyncJobUuid);
    expect(await demo.asyncJobs.awaitingDownloadCount()).toBe(waiting.count - 1);
    const downloaded = await demo.asyncJobs.list({ resultDownloadedAt: "notNull", limit: 100 });
    expect(downloaded.jobs.map((item) => item.asyncJobUuid)).toContain(job.asyncJobUuid);
    const bad = await server.fetch("/v1/async-jobs?sort=size", {
      headers: { authorization: `Bearer ${demoToken}` },
    });
    expect(bad.status).toBe(400);
  });

  test("000 §8 no rows: 'No records are available to download.'; bad input 400, unknown subject 404", async () => {
    await expect(
      demo.asyncJobs.create({
        jobType: "ADDRESS_TRANSFERS_CSV",
        parameters: { addressChainUrn: address.urn, offset: 1_000_000 },
      }),
    ).rejects.toMatchObject({ status: 400, message: "No records are available to download." });
    await expect(
      demo.asyncJobs.create({ jobType: "ADDRESS_TRANSFERS_CSV", parameters: { addressChainUrn: "nope" } }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      demo.asyncJobs.create({ jobType: "NOT_A_TABLE" as "ADDRESS_TRANSFERS_CSV", parameters: {} }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      demo.asyncJobs.create({
        jobType: "CUSTOM_ENTITY_TRANSFERS_CSV",
        parameters: { customEntityUrn: "urn:sleuth:custom-entity:7d9a4c1e-2b3f-4a5d-8e6f-9a0b1c2d3e4f" },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  test("001 §7 scoping: another organization's job answers 404; a stranger and no credentials get nothing", async () => {
    const job = await demo.asyncJobs.create({
      jobType: "SCREENING_RESULTS_CSV",
      parameters: { addressChainUrns: [address.urn] },
    });
    await waitForJob(demo, job.asyncJobUuid);
    // The same user in the organization where they are a viewer: the job is not there.
    const asPartnerViewer = server.client({ token: demoToken, organizationUuid: server.demo.partner.uuid });
    await expect(asPartnerViewer.asyncJobs.get(job.asyncJobUuid)).rejects.toMatchObject({ status: 404 });
    await expect(asPartnerViewer.asyncJobs.downloadUrl(job.asyncJobUuid)).rejects.toMatchObject({
      status: 404,
    });
    expect((await asPartnerViewer.asyncJobs.list()).jobs.map((item) => item.asyncJobUuid)).not.toContain(
      job.asyncJobUuid,
    );
    const analyst = server.client({
      token: await server.tokenFor(server.demo.analyst.email),
      organizationUuid: server.demo.partner.uuid,
    });
    await expect(analyst.asyncJobs.downloadUrl(job.asyncJobUuid)).rejects.toMatchObject({ status: 404 });
    const stranger = await server.createUser();
    const strangerClient = server.client({ token: await server.tokenFor(stranger.email) });
    await expect(
      strangerClient.asyncJobs.create({
        jobType: "SCREENING_RESULTS_CSV",
        parameters: { addressChainUrns: [address.urn] },
      }),
    ).rejects.toMatchObject({ status: 404 });
    const anonymous = await server.fetch(`/v1/async-jobs/${job.asyncJobUuid}/download-url`, {
      method: "POST",
    });
    expect(anonymous.status).toBe(401);
    const forged = await server.fetch("/v1/async-job-results/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(forged.status).toBe(404);
  });

  test("001 §7 a viewer exports what a viewer reads, and a member who left exports nothing more", async () => {
    const viewer = await server.createUser();
    await server.addMember(viewer.email, server.demo.organization.uuid, "viewer");
    const viewerClient = server.client({
      token: await server.tokenFor(viewer.email),
      organizationUuid: server.demo.organization.uuid,
    });
    const ok = await viewerClient.asyncJobs.create({
      jobType: "ADDRESS_TRANSFERS_CSV",
      parameters: { addressChainUrn: address.urn, limit: 10 },
    });
    expect((await waitForJob(viewerClient, ok.asyncJobUuid)).status).toBe("succeeded");
    // The worker checks the owner's membership when it runs: queued, then removed from the organization.
    const [organization] = await server.store.query<{ id: number }>(
      "SELECT id FROM organizations WHERE uuid = $1",
      [server.demo.organization.uuid],
    );
    const queued = await viewerClient.asyncJobs.create({
      jobType: "ADDRESS_TRANSFERS_CSV",
      parameters: { addressChainUrn: address.urn },
    });
    await server.store.query(
      "DELETE FROM memberships WHERE organization_id = $1 AND user_id = (SELECT id FROM users WHERE email = $2)",
      [organization?.id, viewer.email],
    );
    const [row] = await server.store.query<{ status: string }>(
      "SELECT status FROM async_jobs WHERE uuid = $1",
      [queued.asyncJobUuid],
    );
    if (row?.status !== "succeeded") {
      for (let i = 0; i < 100; i++) {
        const [now] = await server.store.query<{ status: string }>(
          "SELECT status FROM async_jobs WHERE uuid = $1",
          [queued.asyncJobUuid],
        );
        if (now?.status === "failed" || now?.status === "succeeded") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [final] = await server.store.query<{ status: string; error: string }>(
        "SELECT status, error FROM async_jobs WHERE uuid = $1",
        [queued.asyncJobUuid],
      );
      // It ran before the membership went (a race the test cannot pin), or it failed with 001 §8's text.
      if (final?.status === "failed")
        expect(final.error).toBe("Error downloading the requested data. Please try again later.");
    }
  });

  test("001 §7 two organizations export at once and neither sees the other's jobs or files", async () => {
    const other = await server.createUser();
    const otherOrganization = await server.createOrganization();
    await server.addMember(other.email, otherOrganization.uuid, "viewer");
    const otherClient = server.client({
      token: await server.tokenFor(other.email),
      organizationUuid: otherOrganization.uuid,
    });
    const request = {
      jobType: "ADDRESS_TRANSFERS_CSV",
      parameters: { addressChainUrn: address.urn },
    } as const;
    const [mine, theirs] = await Promise.all([
      demo.asyncJobs.create(request),
      otherClient.asyncJobs.create(request),
    ]);
    const [myJob, theirJob] = await Promise.all([
      waitForJob(demo, mine.asyncJobUuid),
      waitForJob(otherClient, theirs.asyncJobUuid),
    ]);
    expect([myJob.status, theirJob.status]).toEqual(["succeeded", "succeeded"]);
    expect((await otherClient.asyncJobs.list()).jobs.map((job) => job.asyncJobUuid)).toEqual([
      theirs.asyncJobUuid,
    ]);
    await expect(otherClient.asyncJobs.downloadUrl(mine.asyncJobUuid)).rejects.toMatchObject({ status: 404 });
    const [a, b] = await Promise.all([
      downloadJobFile(demo, mine.asyncJobUuid),
      downloadJobFile(otherClient, theirs.asyncJobUuid),
    ]);
    expect(a.manifest.rowCount).toBe(address.transfers);
    expect(a.text).toBe(b.text);
    const check = await server.fetch(
      new URL((await demo.asyncJobs.downloadUrl(mine.asyncJobUuid)).url).pathname,
    );
    expect(check.headers.get(exportManifestHeader)).toBeTruthy();
  });
});
