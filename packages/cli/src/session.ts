import { ApiError, type SleuthClient, type UserOrganization } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import type { Command } from "commander";
import { updateConfigFile } from "./config/file.ts";
import { type GlobalFlags, loadConfig } from "./config/load.ts";
import type { ResolvedConfig } from "./config/resolve.ts";
import { authRequired, CliError } from "./errors.ts";
import type { CliIo } from "./io.ts";
import { currentOrganization, findOrganization } from "./organizations.ts";
import { isInteractive } from "./output/interactive.ts";
import { createPrinter, type Printer } from "./output/printer.ts";

/** What every command gets: its streams, printer, resolved configuration and API clients. */
export interface Session {
  readonly io: CliIo;
  readonly out: Printer;
  /** A person is at a terminal: Ink may render and prompt (output/interactive.ts). */
  readonly interactive: boolean;
  readonly flags: GlobalFlags;
  config(): Promise<ResolvedConfig>;
  /** A client with no credentials (sign-in). */
  anonymousClient(): Promise<SleuthClient>;
  /** A client with the resolved token; fails with exit code 4 when there is none. */
  client(): Promise<SleuthClient>;
  /**
   * The signed-in client scoped to the current organization (--org, SLEUTH_ORG, config file, else
   * the caller's first), with the caller's organizations.
   */
  scopedClient(): Promise<{
    client: SleuthClient;
    organization: UserOrganization | null;
    organizations: UserOrganization[];
  }>;
}

interface RootOptions {
  apiUrl?: string;
  org?: string;
  input: boolean;
}

export function createSession(io: CliIo, command: Command): Session {
  const options = command.optsWithGlobals<RootOptions>();
  const flags: GlobalFlags = { apiUrl: options.apiUrl, org: options.org };
  let configPromise: Promise<ResolvedConfig> | undefined;
  const config = () => {
    configPromise ??= loadConfig(io, flags);
    return configPromise;
  };

  const client = async () => {
    const resolved = await config();
    if (!resolved.token) {
      const hint = [
        "run `sleuth login`, or set SLEUTH_TOKEN",
        ...(resolved.apiUrl.source.kind === "default"
          ? ["after `pnpm start`, run sleuth from the repository root"]
          : []),
        ...resolved.notes,
      ].join("; ");
      throw authRequired(`not logged in to ${resolved.apiUrl.value}`, hint);
    }
    return createNodeClient({ baseUrl: resolved.apiUrl.value, token: resolved.token.value });
  };

  const out = createPrinter(io);
  return {
    io,
    out,
    interactive: isInteractive({
      stdin: io.stdin,
      stdout: io.stdout,
      env: io.env,
      input: options.input !== false,
    }),
    flags,
    config,
    anonymousClient: async () => createNodeClient({ baseUrl: (await config()).apiUrl.value }),
    client,
    scopedClient: async () => {
      const signedIn = await client();
      const organizations = await signedIn.organizations.mine();
      const resolved = await config();
      let configured = resolved.organization;
      // 000 §4: when the stored organization cannot be loaded, it is cleared (the first one is used).
      if (configured?.source.kind === "config-file" && !findOrganization(organizations, configured.value)) {
        await updateConfigFile(resolved.configFile, { organizationUuid: undefined });
        out.warn(`you are no longer a member of the saved organization ${configured.value}; it was cleared`);
        configured = null;
      }
      const organization = currentOrganization(organizations, configured);
      signedIn.useOrganization(organization?.uuid ?? null);
      return { client: signedIn, organization, organizations };
    },
  };
}

/**
 * An ApiError without an answer only says what failed; the CLI knows which server it tried, so the
 * message names it and says how to start one.
 */
export function explainUnreachable(error: unknown, apiUrl: string | undefined): unknown {
  if (!(error instanceof ApiError) || error.status !== 0 || !apiUrl) return error;
  return new CliError(`could not reach the Sleuth API at ${apiUrl} (${error.code}: ${error.message})`, {
    hint: "is the server running? Start it with `pnpm start`, or point --api-url / SLEUTH_API_URL at it",
  });
}

/**
 * Wraps a command's action: builds its session, and turns a network failure into a message that
 * names the server. Errors propagate to `run`, which prints them and picks the exit code.
 */
export function action(
  io: CliIo,
  handler: (session: Session, command: Command) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const command = args.at(-1) as Command;
    const session = createSession(io, command);
    try {
      await handler(session, command);
    } catch (error) {
      const apiUrl = await session.config().then(
        (resolved) => resolved.apiUrl.value,
        () => undefined,
      );
      throw explainUnreachable(error, apiUrl);
    }
  };
}
