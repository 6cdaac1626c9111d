export type { ConfigFile } from "./file.ts";
export {
  configFileSchema,
  readConfigFile,
  readDemoFile,
  updateConfigFile,
  writeConfigFile,
} from "./file.ts";
export type { GlobalFlags } from "./load.ts";
export { loadConfig } from "./load.ts";
export { configFilePath, demoFilePath } from "./paths.ts";
export type { ConfigInputs, ConfigSource, ConfigSourceKind, Resolved, ResolvedConfig } from "./resolve.ts";
export { defaultApiUrl, describeSource, normalizeApiUrl, redactToken, resolveConfig } from "./resolve.ts";
