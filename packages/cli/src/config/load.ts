import type { CliIo } from "../io.ts";
import { readConfigFile, readDemoFile } from "./file.ts";
import { configFilePath, demoFilePath } from "./paths.ts";
import { type ResolvedConfig, resolveConfig } from "./resolve.ts";

export interface GlobalFlags {
  apiUrl?: string | undefined;
  org?: string | undefined;
}

/** Reads the config and demo files and resolves every setting (see resolveConfig for the order). */
export async function loadConfig(io: CliIo, flags: GlobalFlags): Promise<ResolvedConfig> {
  const configPath = configFilePath(io.env, io.homeDir);
  const demoPath = demoFilePath(io.env, io.cwd);
  const [configFile, demoFile] = await Promise.all([readConfigFile(configPath), readDemoFile(demoPath)]);
  return resolveConfig({ flags, env: io.env, configFile, configPath, demoFile, demoPath });
}
