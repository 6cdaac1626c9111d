import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorEnvelopeSchema, signInMessages, signInThrottle, signInWaitSeconds } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { rawGet } from "../helpers/rawGet.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

function expectSecurityHeaders(headers: Headers) {
  const policy = headers.get("content-security-policy") ?? "";
  const directives = new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  expect(directives.get("script-src")).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
}

describe("the console's files", () => {
  let server: TestServer;
  let folder: string;
  beforeAll(async () => {
    // A web build inside a folder that also holds a file no request may reach.
    folder = mkdtempSync(join(tmpdir(), "sleuth-static-"));
    const dist = join(folder, "dist");
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Sleuth</title>");
    writeFileSync(join(dist, "assets", "app.js"), "console.log('app')");
    writeFileSync(join(folder, "secret.txt"), "outside-the-build");
    server = await startTestServer({ store: "pglite", env: { SLEUTH_WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test("issue 41 the console page and the API carry a CSP without inline scripts, nosniff, a referrer policy and no framing", async () => {
    const page = await server.fetch("/cases", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Sleuth</title>");
    expectSecurityHeaders(page.headers);
    const script = await server.fetch("/assets/app.js");
    expect(script.status).toBe(200);
    expectSecurityHeaders(script.headers);
    const api = await server.fetch("/auth/config");
    expect(api.status).toBe(200);
    expectSecurityHeaders(api.headers);
  });

  test("issue 41 a static path cannot leave the web build", async () => {
    for (const path of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/%2e%2e%5csecret.txt",
    ]) {
      const answer = await rawGet(server.baseUrl, path, { accept: "*/*" });
      expect(answer.body, path).not.toContain("outside-the-build");
      expect(answer.status, path).not.toBe(200);
    }
  });
});

describe.each(storeKinds)("sign-in throttling on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: kind });
  });
  afterEach(async () => {
    await server.store.query("DELETE FROM sign_in_failures");
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (email: string, password: string) =>
    server.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });

  /** Moves a key's last failure into the past, as if the wait it asked for had gone by. */
  const letTimePass = (key: string, seconds: number) =>
    server.store.query(
      "UPDATE sign_in_failures SET last_failure_at = last_failure_at - make_interval(secs => $2) WHERE key = $1",
      [key, seconds],
    );

  async function expectThrottled(response: Response, atLeastSeconds: number) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(atLeastSeconds);
    const envelope = errorEnvelopeSchema.parse(await response.json());
    expect(envelope.error.code).toBe("rate_limited");
    expect(envelope.error.message).toBe(signInMessages.throttled(retryAfter));
    expect(response.headers.get("set-cookie")).toBeNull();
  }

  test("issue 41 after five wrong passwords an account waits, even with the right one, then signs in", async () => {
    const user = await server.createUser();
    for (let attempt = 0; attempt < signInThrottle.account.freeFailures; attempt++) {
      const wrong = await login(user.email, `wrong-${attempt}`);
      expect(wrong.status).toBe(401);
    }
    await expectThrottled(await login(user.email, user.password), 1);
    // Another account from the same address is not held back.
    const other = await server.createUser();
    expect((await login(other.email, other.password)).status).toBe(200);
    await letTimePass(`account:${user.email}`, signInThrottle.firstDelaySeconds);
    const signedIn = await login(user.email, user.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/^sleuth_session=/);
    // Success forgets the failures: a wrong password is a plain 401 again.
    expect((await login(user.email, "wrong-again")).status).toBe(401);
  });

  test("issue 41 waits double with each failure, and ten failures lock the account for the lock time", async () => {
    const user = await server.createUser();
    const key = `account:${user.email}`;
    let lastWait = 0;
    for (let failures = 1; failures <= signInThrottle.account.lockAfterFailures; failures++) {
      expect((await login(user.email, `guess-${failures}`)).status).toBe(401);
      if (failures < signInThrottle.account.freeFailures) continue;
      const probe = await login(user.email, user.password);
      if (failures === signInThrottle.account.lockAfterFailures) {
        await expectThrottled(probe, signInThrottle.lockSeconds - 5);
        break;
      }
      expect(probe.status).toBe(429);
      const wait = Number(probe.headers.get("retry-after"));
      expect(wait).toBe(lastWait === 0 ? signInThrottle.firstDelaySeconds : lastWait * 2);
      lastWait = wait;
      await letTimePass(key, wait);
    }
    // The lock outlasts the slow-down: half the lock later it still holds.
    await letTimePass(key, signInThrottle.lockSeconds / 2);
    await expectThrottled(await login(user.email, user.password), signInThrottle.lockSeconds / 2 - 5);
  });

  test("issue 41 many failures from one address lock that address for every account", async () => {
    const key = "address:127.0.0.1";
    for (let failures = 1; failures <= signInThrottle.address.lockAfterFailures; failures++) {
      // A different account each time: only the address's count grows.
      expect((await login(`nobody-${failures}@guess.example`, "guess")).status).toBe(401);
      if (failures < signInThrottle.address.lockAfterFailures)
        await letTimePass(key, signInWaitSeconds(failures, signInThrottle.address));
    }
    await expectThrottled(
      await login(server.demo.user.email, server.demo.user.password),
      signInThrottle.lockSeconds - 5,
    );
  });
});
