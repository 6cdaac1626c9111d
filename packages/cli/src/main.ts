#!/usr/bin/env node
import { exitCodes } from "./errors.ts";
import { run } from "./program.ts";

// Ctrl-C outside a prompt (a prompt reads it as a key instead) exits at once with "cancelled".
process.on("SIGINT", () => {
  process.stderr.write("\ncancelled\n");
  process.exit(exitCodes.cancelled);
});

process.exitCode = await run(process.argv.slice(2));
