import { isAbsolute, join, resolve } from "node:path";
import { cliDemoFileName, defaultDataDir } from "@sleuth/sdk";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `$XDG_CONFIG_HOME/sleuth/config.json`, else `~/.config/sleuth/config.json`. The XDG base
 * directory spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
 */
export function configFilePath(env: Env, homeDir: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homeDir, ".config");
  return join(base, "sleuth", "config.json");
}

/**
 * The file the server writes on its first start over the embedded store ({apiUrl, token}), so
 * `pnpm sleuth whoami` works right after `pnpm start`: `<SLEUTH_DATA_DIR or ./.sleuth>/cli.json`.
 */
export function demoFilePath(env: Env, cwd: string): string {
  return join(resolve(cwd, env.SLEUTH_DATA_DIR ?? defaultDataDir), cliDemoFileName);
}
