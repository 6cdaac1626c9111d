// vitest globalSetup of the projects whose tests start the server as a process: one child loads the
// server's modules and exits, which writes them to Node's compile cache (NODE_COMPILE_CACHE, set in
// vitest.config.ts). A process a test kills (SIGKILL) never writes the cache itself, so without this
// the crash and fault tests would compile the whole server again at every start.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const serverIndex = fileURLToPath(new URL("../../packages/server/src/index.ts", import.meta.url));

export default function setup(): () => Promise<void> {
  // Beside the first test files, not before them: a start that comes first compiles as before.
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", `await import(${JSON.stringify(serverIndex)});`],
    {
      stdio: "ignore",
    },
  );
  const done = new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.on("error", () => resolve());
  });
  return () => done;
}
