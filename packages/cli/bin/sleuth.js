#!/usr/bin/env node
// `sleuth`: the bundled CLI when it is current (see bundleState.js), else the TypeScript sources.
// Both are the same program; the bundle starts in about half the time (a few modules to load instead
// of several hundred to resolve, strip of types and compile), which every command, and every short
// batch in a script, pays once (docs/PERFORMANCE.md, "CLI start-up").
import { bundleIsCurrent } from "./bundleState.js";

await import(bundleIsCurrent() ? "../dist/main.js" : "../src/main.ts");
