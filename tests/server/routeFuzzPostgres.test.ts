import { routeFuzzSuite } from "./routeFuzzSuite.ts";

// Issue 41: every registered route fuzzed from the SDK's schemas on PostgreSQL (routeFuzzSuite.ts says how).
routeFuzzSuite("postgres");
