#!/usr/bin/env -S node --max-semi-space-size=8
// The flag: V8 grows its young generation with the allocation rate, to 64 MB a semi-space on a long
// `sleuth batch`, and the peak with it; at 8 MB the batch runs as fast (docs/PERFORMANCE.md, the
// heap settings table) with about a third less peak memory. The flag is said once, here: pnpm
// writes it into the `sleuth` bin link it makes from this line (what `pnpm sleuth` runs, and an
// installed `sleuth`), and executing the file directly passes it through env.
// `sleuth`: the bundled CLI when it is current (see bundleState.js), else the TypeScript sources.
// Both are the same program; the bundle starts in under half the time (a few modules to load instead
// of four hundred to resolve, strip of types and compile), which every command, and every short batch
// in a script, pays once.
import { bundleIsCurrent } from "./bundleState.js";

await import(bundleIsCurrent() ? "../dist/main.js" : "../src/main.ts");
