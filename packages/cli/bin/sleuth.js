#!/usr/bin/env -S node --max-semi-space-size=8 --expose-gc
// The flags: V8 grows its young generation with the allocation rate, to 64 MB a semi-space on a long
// `sleuth batch`, and the peak with it; at 8 MB the batch runs as fast (docs/PERFORMANCE.md, the
// heap settings table) with about a third less peak memory. `--expose-gc` lets a batch hold its heap
// under a ceiling (heapCeiling), so that its peak does not grow with the input. The flags are said
// once, here: pnpm writes them into the `sleuth` bin link it makes from this line (what `pnpm sleuth`
// runs, and an installed `sleuth`), and executing the file directly passes them through env.
// `sleuth`: the bundled CLI when it is current (see bundleState.js), else the TypeScript sources.
// Both are the same program; the bundle starts in under half the time (a few modules to load instead
// of four hundred to resolve, strip of types and compile), which every command, and every short batch
// in a script, pays once.
import { bundleIsCurrent } from "./bundleState.js";

await import(bundleIsCurrent() ? "../dist/main.js" : "../src/main.ts");
