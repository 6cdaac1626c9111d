import { readFileSync } from "node:fs";

/** The server's version as its package states it, written into every export manifest. */
export const serverVersion: string = (() => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    name: string;
    version?: string;
  };
  return `${pkg.name}@${pkg.version ?? "0.0.0"}`;
})();
