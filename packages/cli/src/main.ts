#!/usr/bin/env node
import { exitCodes } from "./errors.ts";
import { interrupt } from "./interrupt.ts";
import { run } from "./program.ts";

// Ctrl-C outside a prompt (a prompt reads it as a key instead) exits at once with "cancelled",
// unless the running command stops cleanly by itself (see onInterrupt).
process.on("SIGINT", () => {
  if (interrupt()) return;
  process.stderr.write("\ncancelled\n");
  process.exit(exitCodes.cancelled);
});

process.exitCode = await run(process.argv.slice(2));
