#!/usr/bin/env node
// `sleuth`: the bundled CLI when it is current (see bundleState.js), else the TypeScript sources.
// Both are the same program; the bundle has a few modules to load where the sources have several
// hundred to resolve, strip of types and compile, a start every command, and every short batch in a
// script, pays once (docs/PERFORMANCE.md, "CLI start-up").
import { bundleIsCurrent } from "./bundleState.js";

await import(bundleIsCurrent() ? "../dist/main.js" : "../src/main.ts");
