import type { CliDemoFile } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { CliError } from "../errors.ts";
import type { ConfigFile } from "./file.ts";
import { type ConfigInputs, defaultApiUrl, normalizeApiUrl, redactToken, resolveConfig } from "./resolve.ts";

const configPath = "/home/ana/.config/sleuth/config.json";
const demoPath = "/repo/.sleuth/cli.json";

function inputs(overrides: {
  flags?: ConfigInputs["flags"];
  env?: ConfigInputs["env"];
  configFile?: ConfigFile;
  demoFile?: CliDemoFile | null;
}): ConfigInputs {
  return {
    flags: overrides.flags ?? {},
    env: overrides.env ?? {},
    configFile: overrides.configFile ?? {},
    configPath,
    demoFile: overrides.demoFile ?? null,
    demoPath,
  };
}

const org = "6f1c2a5e-8d3b-4c7a-9e10-2b3c4d5e6f70";
const otherOrg = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

describe("API URL precedence: --api-url, SLEUTH_API_URL, config file, demo file, default", () => {
  test("the flag wins over everything", () => {
    const resolved = resolveConfig(
      inputs({
        flags: { apiUrl: "http://flag.test:1" },
        env: { SLEUTH_API_URL: "http://env.test:2" },
        configFile: { apiUrl: "http://file.test:3" },
      }),
    );
    expect(resolved.apiUrl).toEqual({
      value: "http://flag.test:1",
      source: { kind: "flag", name: "--api-url" },
    });
  });

  test("the environment wins over the config file", () => {
    const resolved = resolveConfig(
      inputs({ env: { SLEUTH_API_URL: "http://env.test:2/" }, configFile: { apiUrl: "http://file.test:3" } }),
    );
    expect(resolved.apiUrl.value).toBe("http://env.test:2");
    expect(resolved.apiUrl.source.kind).toBe("env");
  });

  test("the config file wins over the demo file", () => {
    const resolved = resolveConfig(
      inputs({
        configFile: { apiUrl: "http://file.test:3" },
        demoFile: { apiUrl: "http://127.0.0.1:7788", token: "t" },
      }),
    );
    expect(resolved.apiUrl).toEqual({
      value: "http://file.test:3",
      source: { kind: "config-file", name: configPath },
    });
  });

  test("the demo file's server is used when nothing else names one", () => {
    const resolved = resolveConfig(inputs({ demoFile: { apiUrl: "http://127.0.0.1:7788", token: "t" } }));
    expect(resolved.apiUrl).toEqual({
      value: "http://127.0.0.1:7788",
      source: { kind: "demo-file", name: demoPath },
    });
  });

  test("with nothing set, the local server", () => {
    expect(resolveConfig(inputs({})).apiUrl).toEqual({
      value: defaultApiUrl,
      source: { kind: "default", name: "default" },
    });
    expect(defaultApiUrl).toBe("http://127.0.0.1:7777");
  });

  test("an empty variable counts as unset", () => {
    expect(resolveConfig(inputs({ env: { SLEUTH_API_URL: "  " } })).apiUrl.value).toBe(defaultApiUrl);
  });

  test("an invalid URL is an error that names where it came from", () => {
    expect(() => resolveConfig(inputs({ env: { SLEUTH_API_URL: "localhost:7777" } }))).toThrow(
      /SLEUTH_API_URL/,
    );
    expect(() => resolveConfig(inputs({ flags: { apiUrl: "ftp://x.test" } }))).toThrow(CliError);
  });
});

describe("token precedence: SLEUTH_TOKEN, config file, demo file", () => {
  test("SLEUTH_TOKEN wins over the config file", () => {
    const resolved = resolveConfig(
      inputs({
        env: { SLEUTH_TOKEN: "from-env" },
        configFile: { apiUrl: defaultApiUrl, token: "from-file" },
      }),
    );
    expect(resolved.token).toEqual({ value: "from-env", source: { kind: "env", name: "SLEUTH_TOKEN" } });
  });

  test("the config file wins over the demo file", () => {
    const resolved = resolveConfig(
      inputs({
        configFile: { apiUrl: defaultApiUrl, token: "from-file" },
        demoFile: { apiUrl: defaultApiUrl, token: "from-demo" },
      }),
    );
    expect(resolved.token?.value).toBe("from-file");
  });

  test("the demo file signs in right after `pnpm start` with no set-up", () => {
    const resolved = resolveConfig(
      inputs({ demoFile: { apiUrl: "http://127.0.0.1:7777/", token: "from-demo" } }),
    );
    expect(resolved.token).toEqual({ value: "from-demo", source: { kind: "demo-file", name: demoPath } });
  });

  test("no token anywhere resolves to none", () => {
    expect(resolveConfig(inputs({})).token).toBeNull();
  });

  test("a saved token is never sent to another server", () => {
    const resolved = resolveConfig(
      inputs({
        flags: { apiUrl: "http://elsewhere.test" },
        configFile: { apiUrl: defaultApiUrl, token: "from-file", organizationUuid: org },
        demoFile: { apiUrl: defaultApiUrl, token: "from-demo" },
      }),
    );
    expect(resolved.token).toBeNull();
    expect(resolved.organization).toBeNull();
    expect(resolved.notes.join("\n")).toContain("is for http://127.0.0.1:7777, not http://elsewhere.test");
  });

  test("two spellings of the same server share the saved token", () => {
    const resolved = resolveConfig(
      inputs({
        flags: { apiUrl: "http://127.0.0.1:7777/" },
        configFile: { apiUrl: defaultApiUrl, token: "from-file" },
      }),
    );
    expect(resolved.token?.value).toBe("from-file");
  });
});

describe("organization precedence: --org, SLEUTH_ORG, config file", () => {
  test("each source in turn", () => {
    const configFile = { apiUrl: defaultApiUrl, organizationUuid: org };
    expect(
      resolveConfig(inputs({ flags: { org: "Partner Agency" }, env: { SLEUTH_ORG: otherOrg }, configFile }))
        .organization,
    ).toEqual({ value: "Partner Agency", source: { kind: "flag", name: "--org" } });
    expect(resolveConfig(inputs({ env: { SLEUTH_ORG: otherOrg }, configFile })).organization).toEqual({
      value: otherOrg,
      source: { kind: "env", name: "SLEUTH_ORG" },
    });
    expect(resolveConfig(inputs({ configFile })).organization).toEqual({
      value: org,
      source: { kind: "config-file", name: configPath },
    });
    expect(resolveConfig(inputs({})).organization).toBeNull();
  });
});

describe("normalizeApiUrl", () => {
  test("drops trailing slashes and keeps a path prefix", () => {
    expect(normalizeApiUrl("http://127.0.0.1:7777///")).toBe("http://127.0.0.1:7777");
    expect(normalizeApiUrl("https://sleuth.example/api/")).toBe("https://sleuth.example/api");
    expect(normalizeApiUrl("HTTP://LOCALHOST:80")).toBe("http://localhost");
  });
});

describe("redactToken", () => {
  test("never shows enough of a token to use it", () => {
    const token = "slt_0123456789abcdefghijklmnop";
    const redacted = redactToken(token);
    expect(redacted).toBe("slt_********");
    expect(redacted).not.toContain("0123");
  });

  test("a short token shows nothing of itself", () => {
    expect(redactToken("abc123")).toBe("********");
  });
});
