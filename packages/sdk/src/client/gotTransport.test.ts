import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createGotTransport } from "./gotTransport.ts";
import { defaultRetryPolicy, retryDelayMs } from "./transport.ts";

// A real HTTP server that answers 503 until a path has been asked `failures` times (once for
// /after, with Retry-After: 1), then 200: what got's retry does is seen on the wire.
const asked = new Map<string, number>();
const failures = 2;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const path = request.url ?? "";
  const times = (asked.get(path) ?? 0) + 1;
  asked.set(path, times);
  request.resume();
  request.on("end", () => {
    const after = path === "/after";
    if (times <= (after ? 1 : failures)) {
      response.writeHead(503, {
        "content-type": "application/json",
        ...(after ? { "retry-after": "1" } : {}),
      });
      response.end('{"error":{"code":"unavailable"}}');
    } else {
      response.writeHead(200, { "content-type": "application/json", "x-request-id": "r-1" });
      response.end(`{"data":${times}}`);
    }
  });
});
let baseUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// No backoff at all: every jittered wait is 0 ms, which got must not read as "do not retry". The
// waits asked for are recorded, and the test waits none of them.
const policy = { ...defaultRetryPolicy, baseDelayMs: 0 };
const waitsAsked: number[] = [];
const transport = createGotTransport({
  policy,
  retryDelay: (attempt, retryAfter) => {
    waitsAsked.push(retryDelayMs(attempt, retryAfter, policy));
    return 0;
  },
});

test("000 §7 a retry-safe request is sent again on 503, up to the policy's limit", async () => {
  const response = await transport.request({
    method: "GET",
    url: `${baseUrl}/safe`,
    headers: { accept: "application/json" },
    retrySafe: true,
  });
  expect(response.status).toBe(200);
  expect(response.body).toBe(`{"data":${failures + 1}}`);
  expect(response.headers["x-request-id"]).toBe("r-1");
  expect(asked.get("/safe")).toBe(failures + 1);
});

test("000 §7 a request that is not retry-safe (a POST without an idempotency key) is sent once", async () => {
  const response = await transport.request({
    method: "POST",
    url: `${baseUrl}/unsafe`,
    headers: { "content-type": "application/json" },
    body: "{}",
    retrySafe: false,
  });
  expect(response.status).toBe(503);
  expect(asked.get("/unsafe")).toBe(1);
});

test("000 §7 an idempotent POST is retry-safe and retried like a GET", async () => {
  const response = await transport.request({
    method: "POST",
    url: `${baseUrl}/idempotent`,
    headers: { "content-type": "application/json", "idempotency-key": "k-1" },
    body: "{}",
    retrySafe: true,
  });
  expect(response.status).toBe(200);
  expect(asked.get("/idempotent")).toBe(failures + 1);
});

test("000 §7 a retry waits as long as the server's Retry-After asks", async () => {
  waitsAsked.length = 0;
  const response = await transport.request({
    method: "GET",
    url: `${baseUrl}/after`,
    headers: {},
    retrySafe: true,
  });
  expect(response.status).toBe(200);
  expect(asked.get("/after")).toBe(2);
  expect(waitsAsked).toEqual([1000]);
});

test("000 §7 a request sent once still fails as the network failed, or when its caller aborts it", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await expect(
    transport.request({
      method: "POST",
      url: `http://127.0.0.1:${port}/`,
      headers: {},
      body: "{}",
      retrySafe: false,
    }),
  ).rejects.toThrow(/ECONNREFUSED/);
  const aborted = new AbortController();
  aborted.abort(new Error("stopped by the caller"));
  await expect(
    transport.request({
      method: "POST",
      url: `${baseUrl}/aborted`,
      headers: {},
      body: "{}",
      signal: aborted.signal,
      retrySafe: false,
    }),
  ).rejects.toThrow();
  expect(asked.has("/aborted")).toBe(false);
});

test("issue 46 a POST without a body (sleuth ingest stop, sign out) is sent and answered once", async () => {
  const response = await transport.request({
    method: "POST",
    url: `${baseUrl}/bodiless`,
    headers: { accept: "application/json" },
    retrySafe: false,
  });
  expect(response.status).toBe(503);
  expect(asked.get("/bodiless")).toBe(1);
});
