import type { CliDemoFile } from "@sleuth/sdk";
import { CliError } from "../errors.ts";
import type { ConfigFile } from "./file.ts";

/** Where `pnpm start` serves the API (the server listens on 127.0.0.1 only). */
export const defaultApiUrl = "http://127.0.0.1:7777";

export type ConfigSourceKind = "flag" | "env" | "config-file" | "demo-file" | "default";

export interface ConfigSource {
  kind: ConfigSourceKind;
  /** The flag, variable or file the value came from, as the user would type or find it. */
  name: string;
}

export interface Resolved<T> {
  value: T;
  source: ConfigSource;
}

export interface ResolvedConfig {
  apiUrl: Resolved<string>;
  token: Resolved<string> | null;
  /** A uuid or a name, exactly as given; commands resolve it against the caller's organizations. */
  organization: Resolved<string> | null;
  configFile: string;
  demoFile: string;
  /** Why a value that exists was not used (a token saved for another server). */
  notes: string[];
}

export interface ConfigInputs {
  flags: { apiUrl?: string | undefined; org?: string | undefined };
  env: Readonly<Record<string, string | undefined>>;
  configFile: ConfigFile;
  configPath: string;
  demoFile: CliDemoFile | null;
  demoPath: string;
}

/** `http(s)://host[:port][/prefix]` without a trailing slash, so two spellings of a server compare equal. */
export function normalizeApiUrl(value: string, from = "the API URL"): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new CliError(`invalid API URL ${JSON.stringify(value)} (from ${from})`, {
      hint: "use a URL such as http://127.0.0.1:7777",
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError(
      `invalid API URL ${JSON.stringify(value)} (from ${from}): only http and https are supported`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function safeNormalize(value: string): string | null {
  try {
    return normalizeApiUrl(value);
  } catch {
    return null;
  }
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Resolves API URL, token and organization, each from the first place that sets it:
 * - API URL: --api-url, SLEUTH_API_URL, config file, demo file, http://127.0.0.1:7777
 * - token: SLEUTH_TOKEN, config file, demo file
 * - organization: --org, SLEUTH_ORG, config file
 * A token or organization saved in a file belongs to the server saved beside it, so it is never
 * sent to another one (a stray --api-url must not leak the saved token).
 */
export function resolveConfig(inputs: ConfigInputs): ResolvedConfig {
  const { flags, env, configFile, configPath, demoFile, demoPath } = inputs;
  const notes: string[] = [];

  const demoUrl = demoFile ? safeNormalize(demoFile.apiUrl) : null;
  const flagUrl = present(flags.apiUrl);
  const envUrl = present(env.SLEUTH_API_URL);
  let apiUrl: Resolved<string>;
  if (flagUrl)
    apiUrl = { value: normalizeApiUrl(flagUrl, "--api-url"), source: { kind: "flag", name: "--api-url" } };
  else if (envUrl) {
    apiUrl = {
      value: normalizeApiUrl(envUrl, "SLEUTH_API_URL"),
      source: { kind: "env", name: "SLEUTH_API_URL" },
    };
  } else if (configFile.apiUrl) {
    apiUrl = {
      value: normalizeApiUrl(configFile.apiUrl, configPath),
      source: { kind: "config-file", name: configPath },
    };
  } else if (demoUrl) {
    apiUrl = { value: demoUrl, source: { kind: "demo-file", name: demoPath } };
  } else apiUrl = { value: defaultApiUrl, source: { kind: "default", name: "default" } };

  // A config file without apiUrl was edited by hand; its token is taken to be for whatever server is used.
  const configServerMatches = !configFile.apiUrl || safeNormalize(configFile.apiUrl) === apiUrl.value;

  let token: Resolved<string> | null = null;
  const envToken = present(env.SLEUTH_TOKEN);
  if (envToken) token = { value: envToken, source: { kind: "env", name: "SLEUTH_TOKEN" } };
  else if (configFile.token && configServerMatches) {
    token = { value: configFile.token, source: { kind: "config-file", name: configPath } };
  } else if (demoFile && demoUrl === apiUrl.value) {
    token = { value: demoFile.token, source: { kind: "demo-file", name: demoPath } };
  }
  if (!envToken && configFile.token && !configServerMatches) {
    notes.push(
      `the token in ${configPath} is for ${configFile.apiUrl}, not ${apiUrl.value}, so it is not used`,
    );
  }

  let organization: Resolved<string> | null = null;
  const flagOrg = present(flags.org);
  const envOrg = present(env.SLEUTH_ORG);
  if (flagOrg) organization = { value: flagOrg, source: { kind: "flag", name: "--org" } };
  else if (envOrg) organization = { value: envOrg, source: { kind: "env", name: "SLEUTH_ORG" } };
  else if (configFile.organizationUuid && configServerMatches) {
    organization = { value: configFile.organizationUuid, source: { kind: "config-file", name: configPath } };
  } else if (configFile.organizationUuid && !configServerMatches) {
    notes.push(
      `the organization in ${configPath} is for ${configFile.apiUrl}, not ${apiUrl.value}, so it is not used`,
    );
  }

  return { apiUrl, token, organization, configFile: configPath, demoFile: demoPath, notes };
}

/** Enough of a token to tell two apart, never enough to use one. */
export function redactToken(token: string): string {
  const visible = token.length >= 16 ? 4 : 0;
  return `${token.slice(0, visible)}${"*".repeat(8)}`;
}

export function describeSource(source: ConfigSource): string {
  switch (source.kind) {
    case "flag":
      return `flag ${source.name}`;
    case "env":
      return `environment ${source.name}`;
    case "config-file":
      return `config file ${source.name}`;
    case "demo-file":
      return `demo file ${source.name}`;
    case "default":
      return "default";
  }
}
