import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorEnvelopeSchema } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawGet } from "../helpers/rawGet.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function expectEnvelope(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const requestId = response.headers.get("x-request-id");
  expect(requestId).toMatch(uuidPattern);
  const text = await response.text();
  const body = errorEnvelopeSchema.parse(JSON.parse(text));
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(requestId);
  // Never a stack trace, whatever went wrong.
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|node:internal|\.ts:\d+/);
  return body.error;
}

describe.each(storeKinds)("the wire on %s", (kind) => {
  let server: TestServer;
  let token: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    token = await server.tokenFor(server.demo.user.email);
    auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  });
  afterAll(async () => {
    await server?.close();
  });

  test("GET /healthz answers ok with a request id", async () => {
    const response = await server.fetch("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(uuidPattern);
    expect(await response.json()).toEqual({ data: { status: "ok", store: "answering" } });
  });

  test("an invalid body answers 400 bad_request with the zod issues as details and no stack", async () => {
    const response = await server.fetch("/organizations", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "" }),
    });
    const error = await expectEnvelope(response, 400, "bad_request");
    expect(error.details).toEqual([expect.objectContaining({ path: ["name"], code: "too_small" })]);
  });

  test("malformed JSON answers 400 in the envelope", async () => {
    const response = await server.fetch("/organizations", {
      method: "POST",
      headers: auth,
      body: "{not json",
    });
    await expectEnvelope(response, 400, "bad_request");
  });

  test("an unknown route answers 404 in the envelope", async () => {
    await expectEnvelope(await server.fetch("/no/such/route"), 404, "not_found");
    await expectEnvelope(
      await server.fetch("/no/such/route", { method: "DELETE", headers: auth }),
      404,
      "not_found",
    );
  });

  test("no credentials answer 401 in the envelope", async () => {
    await expectEnvelope(await server.fetch("/auth-user-info"), 401, "unauthenticated");
    await expectEnvelope(await server.fetch("/user-preferences"), 401, "unauthenticated");
  });

  test("a Host outside the allowlist answers 403 host_not_allowed (DNS rebinding)", async () => {
    const port = new URL(server.baseUrl).port;
    const refused = await rawGet(server.baseUrl, "/healthz", { host: `attacker.example:${port}` });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe("host_not_allowed");
    for (const host of [`localhost:${port}`, `[::1]:${port}`, "127.0.0.1"]) {
      expect((await rawGet(server.baseUrl, "/healthz", { host })).status).toBe(200);
    }
  });

  test("a write that is not JSON answers 415", async () => {
    const response = await server.fetch("/user-activity", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: "action=login",
    });
    await expectEnvelope(response, 415, "unsupported_media_type");
    const textPlain = await server.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ email: server.demo.user.email, password: server.demo.user.password }),
    });
    await expectEnvelope(textPlain, 415, "unsupported_media_type");
  });

  test("a body over the 1 MiB limit answers 413", async () => {
    const response = await server.fetch("/user-activity", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ action: "download", details: { blob: "x".repeat(1024 * 1024 + 10) } }),
    });
    await expectEnvelope(response, 413, "payload_too_large");
  });

  test("Idempotency-Key: a repeat replays the first answer and creates nothing twice", async () => {
    const headers = { ...auth, "idempotency-key": `create-once-${kind}` };
    const body = JSON.stringify({ name: `Once Only ${kind}` });
    const first = await server.fetch("/organizations", { method: "POST", headers, body });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const second = await server.fetch("/organizations", { method: "POST", headers, body });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(firstBody);
    const rows = await server.store.query("SELECT 1 FROM organizations WHERE name = $1", [
      `Once Only ${kind}`,
    ]);
    expect(rows).toHaveLength(1);
    const memberships = await server.store.query(
      "SELECT 1 FROM memberships m JOIN organizations o ON o.id = m.organization_id WHERE o.name = $1",
      [`Once Only ${kind}`],
    );
    expect(memberships).toHaveLength(1);
  });

  test("Idempotency-Key: two requests at once with one key create once; the second replays the first's answer", async () => {
    const headers = { ...auth, "idempotency-key": `at-once-${kind}` };
    const body = JSON.stringify({ name: `At Once ${kind}`, isSharedWithOrg: false });
    const answers = await Promise.all(
      [0, 1].map(() => server.fetch("/cases", { method: "POST", headers, body })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.headers.get("idempotent-replayed")).sort()).toEqual([null, "true"]);
    const [first, second] = await Promise.all(answers.map((answer) => answer.json()));
    expect(second).toEqual(first);
    const rows = await server.store.query("SELECT 1 FROM cases WHERE name = $1", [`At Once ${kind}`]);
    expect(rows).toHaveLength(1);
  });

  test("Idempotency-Key: the same key with another body answers 422 idempotency_key_reused", async () => {
    const headers = { ...auth, "idempotency-key": `activity-${kind}` };
    const first = await server.fetch("/user-activity", {
      method: "POST",
      headers,
      body: JSON.stringify({ action: "search_query", details: { query: "one" } }),
    });
    expect(first.status).toBe(201);
    const reused = await server.fetch("/user-activity", {
      method: "POST",
      headers,
      body: JSON.stringify({ action: "search_query", details: { query: "two" } }),
    });
    await expectEnvelope(reused, 422, "idempotency_key_reused");
    const rows = await server.store.query(
      "SELECT details FROM activity_log WHERE action = 'search_query' AND details->>'query' IN ('one', 'two')",
    );
    expect(rows).toEqual([{ details: { query: "one" } }]);
  });

  test("Idempotency-Key: a failed request stores nothing, so the same key may be retried", async () => {
    const headers = { ...auth, "idempotency-key": `retry-after-failure-${kind}` };
    const failed = await server.fetch("/organizations", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Demo Investigations" }),
    });
    expect(failed.status).toBe(409);
    const retried = await server.fetch("/organizations", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Demo Investigations" }),
    });
    expect(retried.status).toBe(409);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  test("keys are per user: another user's identical key creates their own object", async () => {
    const other = await server.createUser();
    const otherToken = await server.tokenFor(other.email);
    const key = `shared-key-${kind}`;
    const a = await server.fetch("/organizations", {
      method: "POST",
      headers: { ...auth, "idempotency-key": key },
      body: JSON.stringify({ name: `Per User A ${kind}` }),
    });
    const b = await server.fetch("/organizations", {
      method: "POST",
      headers: {
        authorization: `Bearer ${otherToken}`,
        "content-type": "application/json",
        "idempotency-key": key,
      },
      body: JSON.stringify({ name: `Per User B ${kind}` }),
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("limits and failures", () => {
  test("a caller over the rate limit gets 429 with Retry-After", async () => {
    const server = await startTestServer({
      store: "pglite",
      env: { SLEUTH_RATE_LIMIT_BURST: "5", SLEUTH_RATE_LIMIT_PER_SECOND: "1" },
    });
    try {
      const token = await server.tokenFor(server.demo.user.email);
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 7; i++) {
        const response = await server.fetch("/auth-user-info", {
          headers: { authorization: `Bearer ${token}` },
        });
        statuses.push(response.status);
        if (response.status === 429) limited = response;
        else await response.body?.cancel();
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
      expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      await expectEnvelope(limited!, 429, "rate_limited");
      // Another caller has a bucket of its own.
      const other = await server.tokenFor(server.demo.analyst.email);
      expect(
        (await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${other}` } })).status,
      ).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("an unexpected failure answers 500 internal without its cause; health answers 503", async () => {
    const server = await startTestServer({ store: "pglite" });
    const token = await server.tokenFor(server.demo.user.email);
    await server.store.close();
    try {
      const error = await expectEnvelope(
        await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${token}` } }),
        500,
        "internal",
      );
      expect(error.message).toBe("Something went wrong on the server");
      await expectEnvelope(await server.fetch("/healthz"), 503, "unavailable");
    } finally {
      await server.close();
    }
  });
});

describe("the built console", () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "sleuth-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Sleuth</title>");
    writeFileSync(join(dist, "assets", "app-1234.js"), "console.log('sleuth')");
    server = await startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test("serves the console, falls back to index.html for its routes, and API routes win", async () => {
    const home = await server.fetch("/", { headers: { accept: "text/html" } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<title>Sleuth</title>");

    const deepLink = await server.fetch("/triage/address/btc/bc1qxyz", {
      headers: { accept: "text/html,*/*" },
    });
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get("content-type")).toMatch(/text\/html/);
    expect(deepLink.headers.get("cache-control")).toBe("no-cache");

    const asset = await server.fetch("/assets/app-1234.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toMatch(/immutable/);

    const api = await server.fetch("/auth-user-info", { headers: { accept: "text/html" } });
    expect(api.status).toBe(401);
    await expectEnvelope(
      await server.fetch("/no/such/api", { headers: { accept: "application/json" } }),
      404,
      "not_found",
    );
    await expectEnvelope(await server.fetch("/assets/missing.js"), 404, "not_found");
  });
});
