import { resolve } from "node:path";
import { expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

test("defaults: loopback on 7777, .sleuth in the working directory, demo on for the embedded store", () => {
  const config = loadConfig({}, "/srv/sleuth");
  expect(config).toMatchObject({
    port: 7777,
    host: "127.0.0.1",
    dataDir: resolve("/srv/sleuth", ".sleuth"),
    databaseUrl: undefined,
    allowedHosts: ["127.0.0.1", "localhost", "[::1]"],
    demo: true,
    rateLimit: { perSecond: 200, burst: 400 },
    bodyLimit: 1024 * 1024,
  });
});

test("the environment overrides each setting; PostgreSQL turns the demo sign-in off unless asked", () => {
  const config = loadConfig(
    {
      PORT: "8080",
      SLEUTH_DATA_DIR: "data",
      DATABASE_URL: "postgres://sleuth@db.internal/sleuth",
      SLEUTH_ALLOWED_HOSTS: "sleuth.internal, localhost",
      SLEUTH_STAFF_DOMAINS: "agency.gov",
    },
    "/srv",
  );
  expect(config).toMatchObject({
    port: 8080,
    dataDir: "/srv/data",
    databaseUrl: "postgres://sleuth@db.internal/sleuth",
    allowedHosts: ["sleuth.internal", "localhost"],
    staffDomains: ["agency.gov"],
    demo: false,
  });
  expect(loadConfig({ DATABASE_URL: "postgres://db/sleuth", SLEUTH_DEMO: "1" }).demo).toBe(true);
  expect(loadConfig({ SLEUTH_DEMO: "0" }).demo).toBe(false);
});

test("a malformed setting stops the start and names the variable", () => {
  expect(() => loadConfig({ PORT: "seventy" })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: "seventy" })).toThrow(/PORT/);
  expect(() => loadConfig({ SLEUTH_DEMO: "maybe" })).toThrow(/SLEUTH_DEMO/);
});

test("issue 46 a read replica is a replica of DATABASE_URL's database: alone it stops the start", () => {
  expect(
    loadConfig({ DATABASE_URL: "postgres://db/sleuth", DATABASE_REPLICA_URL: "postgres://replica/sleuth" })
      .databaseReplicaUrl,
  ).toBe("postgres://replica/sleuth");
  expect(loadConfig({}).databaseReplicaUrl).toBeUndefined();
  expect(() => loadConfig({ DATABASE_REPLICA_URL: "postgres://replica/sleuth" })).toThrow(
    /DATABASE_REPLICA_URL.*DATABASE_URL/,
  );
});

test("issue 44 logs are readable lines on a terminal and JSON elsewhere, unless SLEUTH_LOG_FORMAT says", () => {
  expect(loadConfig({}, "/srv", true).logFormat).toBe("text");
  expect(loadConfig({}, "/srv", false).logFormat).toBe("json");
  expect(loadConfig({ SLEUTH_LOG_FORMAT: "json" }, "/srv", true).logFormat).toBe("json");
  expect(loadConfig({ SLEUTH_LOG_FORMAT: "text" }, "/srv", false).logFormat).toBe("text");
  expect(() => loadConfig({ SLEUTH_LOG_FORMAT: "pretty" })).toThrow(ConfigError);
});
