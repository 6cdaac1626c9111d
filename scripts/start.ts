// `pnpm start`: pnpm has already installed dependencies (verifyDepsBeforeRun); build the console
// and bundle the CLI when their sources changed, then run the server, which creates and seeds the
// store on first start.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ensureCliBuilt } from "@sleuth/cli";
import { ensureConsoleBuilt, repoRoot } from "./lib/consoleBuild.ts";

ensureConsoleBuilt();
await ensureCliBuilt();
const server = spawn(process.execPath, [join(repoRoot, "packages", "server", "src", "main.ts")], {
  cwd: process.cwd(),
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
