import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type CliDemoFile, cliDemoFileSchema } from "@sleuth/sdk";
import { writeFileAtomically } from "@sleuth/sdk/node";
import { z } from "zod";
import { CliError } from "../errors.ts";

// The user's config file. Loose, so keys written by a newer sleuth survive a rewrite by this one.
export const configFileSchema = z.looseObject({
  apiUrl: z.string().optional(),
  token: z.string().min(1).optional(),
  /** Id of the token `sleuth login` minted, so `sleuth logout` can revoke it. */
  tokenId: z.number().int().optional(),
  organizationUuid: z.uuid().optional(),
});
export type ConfigFile = z.infer<typeof configFileSchema>;

async function readJson(path: string): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`${path} is not valid JSON`, {
      hint: "fix or delete the file, then run `sleuth login`",
    });
  }
}

/** The config file, or an empty one when it does not exist yet. */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  const json = await readJson(path);
  if (json === undefined) return {};
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(
      `${path} is not a valid sleuth config file (${issue?.path.join(".")}: ${issue?.message})`,
      {
        hint: "fix or delete the file, then run `sleuth login`",
      },
    );
  }
  return parsed.data;
}

/** The demo file, or null when it is missing or unusable: it is a convenience, never required. */
export async function readDemoFile(path: string): Promise<CliDemoFile | null> {
  try {
    const parsed = cliDemoFileSchema.safeParse(await readJson(path));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Writes the whole file with mode 0600 (it holds a token) in a directory of mode 0700, atomically so
 * a crash never leaves half a file.
 */
export async function writeConfigFile(path: string, config: ConfigFile): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFileAtomically(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`);
  }
}

/** Reads, changes and writes the config file. A key set to undefined is removed. */
export async function updateConfigFile(path: string, change: Partial<ConfigFile>): Promise<ConfigFile> {
  const next: Record<string, unknown> = { ...(await readConfigFile(path)) };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  const config = configFileSchema.parse(next);
  await writeConfigFile(path, config);
  return config;
}
