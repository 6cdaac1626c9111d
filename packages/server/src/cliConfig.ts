import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CliDemoFile, cliDemoFileName, cliDemoFileSchema } from "@sleuth/sdk";
import { createApiToken, findTokenUser } from "./accounts/apiTokens.ts";
import { findDemoUser } from "./accounts/demoAccounts.ts";
import type { Store } from "./store/store.ts";

/** `<dataDir>/cli.json` (the SDK's cliDemoFileSchema): where `pnpm sleuth` finds the local server. */
export function cliConfigPath(dataDir: string): string {
  return join(dataDir, cliDemoFileName);
}

function readCliConfig(path: string): CliDemoFile | undefined {
  try {
    return cliDemoFileSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the local CLI can talk to this server as the demo user: keeps a cli.json whose token
 * still works (updating the URL when the port changed), otherwise mints a token and writes a new
 * file readable by the owner only. Answers the path, or null when there is no demo user.
 */
export async function ensureCliConfig(store: Store, dataDir: string, apiUrl: string): Promise<string | null> {
  const path = cliConfigPath(dataDir);
  const existing = readCliConfig(path);
  let token = existing && (await findTokenUser(store, existing.token)) ? existing.token : undefined;
  if (!token) {
    const demoUser = await findDemoUser(store);
    if (!demoUser) return null;
    token = (await createApiToken(store, demoUser.id, "local CLI (cli.json)")).token;
  } else if (existing?.apiUrl === apiUrl) {
    return path;
  }
  writeFileSync(path, `${JSON.stringify({ apiUrl, token }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}
