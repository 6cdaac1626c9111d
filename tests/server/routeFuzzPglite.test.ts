import { routeFuzzSuite } from "./routeFuzzSuite.ts";

// Issue 41: every registered route fuzzed from the SDK's schemas on PGlite (routeFuzzSuite.ts says how).
routeFuzzSuite("pglite");
