import { readdirSync, readlinkSync } from "node:fs";
import { connect, type Socket } from "node:net";
import type { Queryable } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { insertSyntheticTransfers } from "../helpers/syntheticTransfers.ts";
import { waitForJob } from "./exportHelpers.ts";

// Issue 41 "Faults": a client that reads one byte a second, and one that goes away mid-answer, on
// the NDJSON transfer rows and on a job's file download. The walk over the rows follows the
// reader (it is pulled), so it stops when the reader stalls or leaves; the file's descriptor is
// closed when its reader leaves; other callers are answered meanwhile.

const rows = 30_000;
const pageSize = 100;

let server: TestServer;
let token: string;
let addressChainUrn: string;
/** Statements that read transfer rows: the walk reads one page a statement. */
let statements = 0;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  token = await server.tokenFor(server.demo.user.email);
  ({ addressChainUrn } = await insertSyntheticTransfers(server.store, { count: rows }));
  // Count the page reads that reach the store (the real store still answers everything; the
  // background workers' polls are not counted).
  const store = server.store as Queryable;
  const query = store.query.bind(store);
  store.query = (sql, params) => {
    if (/FROM transfers t/.test(sql)) statements++;
    return query(sql, params);
  };
});

afterAll(async () => {
  await server?.close();
});

/** A raw HTTP/1.1 exchange on a socket the test paces itself: nothing is read unless asked. */
function rawRequest(method: string, path: string, body?: string): Promise<Socket> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      const head = [
        `${method} ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Authorization: Bearer ${token}`,
        ...(body ? ["Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`] : []),
        "Connection: close",
        "",
        "",
      ].join("\r\n");
      socket.write(head + (body ?? ""));
      resolve(socket);
    });
    socket.on("error", reject);
  });
}

/** Waits for the answer's status line and checks it. */
async function statusOf(socket: Socket, status: number): Promise<void> {
  const line = await new Promise<string>((resolve) => {
    socket.once("readable", () => resolve(String(socket.read(12) ?? "")));
  });
  expect(line).toBe(`HTTP/1.1 ${status}`);
}

/** Reads `bytes` bytes off a paused socket, one at a time, `everyMs` apart. */
async function trickle(socket: Socket, bytes: number, everyMs: number): Promise<number> {
  socket.pause();
  let read = 0;
  for (let i = 0; i < bytes; i++) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    if (socket.read(1)) read++;
  }
  return read;
}

const settled = async (ms = 500) => {
  // The count stops moving once the walk is parked or over.
  let before = -1;
  while (before !== statements) {
    before = statements;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
  return statements;
};

const rowsBody = () => JSON.stringify({ addressChainUrn, pageSize });
const totalPages = rows / pageSize;

describe("slow and vanishing readers (PGlite)", () => {
  test("issue 41 NDJSON rows to a reader of one byte a second: the walk waits for it, others are answered", async () => {
    const start = statements;
    const socket = await rawRequest("POST", "/v1/transfer-rows/address", rowsBody());
    await statusOf(socket, 200);
    const read = await trickle(socket, 3, 1_000);
    expect(read).toBe(3);
    const parked = (await settled()) - start;
    // The socket's buffers hold some pages; the walk does not run ahead to the end.
    expect(parked).toBeGreaterThan(0);
    expect(parked).toBeLessThan(totalPages / 2);
    // Another caller is answered while the slow one holds its answer open.
    const other = await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(200);
    socket.destroy();
    await settled();
    console.log(`slow reader: ${parked} statements of ${totalPages} pages before the walk parked`);
  });

  test("issue 41 NDJSON rows to a reader that disconnects mid-stream: the walk stops", async () => {
    const start = statements;
    const socket = await rawRequest("POST", "/v1/transfer-rows/address", rowsBody());
    socket.resume();
    let received = 0;
    await new Promise<void>((resolve) => {
      socket.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > 200_000) {
          socket.destroy();
          resolve();
        }
      });
    });
    const stopped = (await settled()) - start;
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(totalPages / 2);
    expect((await server.fetch("/healthz")).status).toBe(200);
    console.log(`vanishing reader: ${stopped} statements of ${totalPages} pages, then the walk stopped`);
  });

  test("issue 41 a job's file to a slow reader and to one that disconnects: its descriptor is closed", async () => {
    const client = server.client({ token });
    const job = await client.asyncJobs.create({
      jobType: "ADDRESS_TRANSFERS_CSV",
      parameters: { addressChainUrn },
    });
    expect((await waitForJob(client, job.asyncJobUuid)).status).toBe("succeeded");
    const openOnFile = () =>
      readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).endsWith(`${job.asyncJobUuid}.csv`);
        } catch {
          return false;
        }
      }).length;
    for (const reader of ["slow", "vanishing"] as const) {
      const { url } = await client.asyncJobs.downloadUrl(job.asyncJobUuid);
      const socket = await rawRequest("GET", new URL(url).pathname + new URL(url).search);
      if (reader === "slow") expect(await trickle(socket, 2, 1_000)).toBe(2);
      else await new Promise((resolve) => socket.once("data", resolve));
      expect(openOnFile()).toBe(1);
      expect((await server.fetch("/healthz")).status).toBe(200);
      socket.destroy();
      await vi.waitFor(() => expect(openOnFile()).toBe(0), { timeout: 5_000 });
    }
  });
});
