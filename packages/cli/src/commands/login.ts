import { ApiError, displayName, type SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import type { Command } from "commander";
import { readConfigFile, updateConfigFile } from "../config/file.ts";
import { authRequired, CliError } from "../errors.ts";
import { type CliIo, readAll } from "../io.ts";
import { action, type Session } from "../session.ts";
import { revokeSavedToken } from "./logout.ts";

interface Login {
  token: string;
  /** Known when this command minted the token, so `sleuth logout` can revoke it. */
  tokenId: number | undefined;
}

async function tokenFromStdin(session: Session): Promise<Login> {
  if (session.io.stdin.isTTY) session.out.info("Paste a token, then press Enter and Ctrl-D.");
  const token = (await readAll(session.io.stdin)).trim();
  if (!token)
    throw new CliError("no token on stdin", { hint: "pipe one in: `sleuth login --with-token < token.txt`" });
  if (/\s/.test(token))
    throw new CliError("the text on stdin is not a token (it contains spaces or line breaks)");
  return { token, tokenId: undefined };
}

async function tokenFromPrompt(session: Session, apiUrl: string): Promise<Login> {
  // Ink and React load only when a prompt is shown: they cost every other command start-up time.
  const { promptLogin } = await import("../ui/loginPrompt.ts");
  const anonymous = await session.anonymousClient();
  let minted: Login | undefined;
  await promptLogin(session.io, {
    apiUrl,
    signIn: async ({ email, password }) => {
      const created = await anonymous.auth.createToken({
        name: `sleuth-cli@${session.io.hostname}`,
        email,
        password,
      });
      minted = { token: created.token, tokenId: created.id };
    },
  });
  if (!minted) throw new CliError("signing in did not produce a token");
  return minted;
}

/** Signs in: saves a token for the server in the config file (mode 0600), never taking it from a flag. */
export function registerLogin(program: Command, io: CliIo): void {
  program
    .command("login")
    .description("sign in and save a token in the config file (prompts for e-mail and password)")
    .option("--with-token", "read a token from stdin instead of prompting (for scripts and CI)")
    .action(
      action(io, async (session, command) => {
        const config = await session.config();
        const apiUrl = config.apiUrl.value;
        const withToken = Boolean(command.opts<{ withToken?: boolean }>().withToken);
        if (!withToken && !session.interactive) {
          throw new CliError("`sleuth login` needs a terminal to prompt for e-mail and password", {
            hint: "pipe a token instead: `sleuth login --with-token < token.txt`, or set SLEUTH_TOKEN",
          });
        }
        const login = withToken ? await tokenFromStdin(session) : await tokenFromPrompt(session, apiUrl);

        // Check the token before saving it, and learn whose it is.
        const client: SleuthClient = createNodeClient({ baseUrl: apiUrl, token: login.token });
        const user = await client.auth.userInfo().catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) {
            throw authRequired(
              `${apiUrl} did not accept the token`,
              "create a new token in the console, or run `sleuth login`",
            );
          }
          throw error;
        });
        const organizations = await client.organizations.mine();
        // A saved organization only survives when the new user is a member of it on this server.
        const saved = await readConfigFile(config.configFile);
        const keepOrganization =
          saved.organizationUuid &&
          organizations.some((organization) => organization.uuid === saved.organizationUuid);
        await updateConfigFile(config.configFile, {
          apiUrl,
          token: login.token,
          tokenId: login.tokenId,
          organizationUuid: keepOrganization ? saved.organizationUuid : undefined,
        });
        // The token this replaces is of no further use; revoke it when `sleuth login` minted it.
        if (saved.token && saved.token !== login.token) await revokeSavedToken(saved);
        session.out.info(`Logged in to ${apiUrl} as ${displayName(user)} <${user.email}>.`);
        session.out.info(`Token saved in ${config.configFile}.`);
        if (io.env.SLEUTH_TOKEN?.trim())
          session.out.warn("SLEUTH_TOKEN is set and takes precedence over the saved token");
      }),
    );
}
