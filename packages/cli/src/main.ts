#!/usr/bin/env node
import { enableCompileCache } from "node:module";

// Every run compiles the whole CLI before its first request: Node's compile cache (in the OS temp
// directory, or NODE_COMPILE_CACHE) keeps the compiled code between runs. It never throws; a cache it
// cannot use only costs the compile. The command's modules are imported after it, so they are cached
// too.
enableCompileCache();

const { exitCodes } = await import("./errors.ts");
const { interrupt } = await import("./interrupt.ts");
const { run } = await import("./program.ts");

// Ctrl-C outside a prompt (a prompt reads it as a key instead) exits at once with "cancelled",
// unless the running command stops cleanly by itself (see onInterrupt).
process.on("SIGINT", () => {
  if (interrupt()) return;
  process.stderr.write("\ncancelled\n");
  process.exit(exitCodes.cancelled);
});

process.exitCode = await run(process.argv.slice(2));
