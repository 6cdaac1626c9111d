import { z } from "zod";

// The CLI demo file: the server writes it on its first start over the embedded store, and `sleuth`
// reads it when nothing else is configured, so `pnpm sleuth whoami` works right after `pnpm start`.
// Both sides take its place and its shape from here.

/** The server's data directory when SLEUTH_DATA_DIR is not set, relative to where it was started. */
export const defaultDataDir = ".sleuth";

/** The demo file's name inside the data directory. */
export const cliDemoFileName = "cli.json";

/** `<dataDir>/cli.json`: the local server's URL and a token of the demo user. */
export const cliDemoFileSchema = z.object({ apiUrl: z.url(), token: z.string().min(1) });
export type CliDemoFile = z.infer<typeof cliDemoFileSchema>;
