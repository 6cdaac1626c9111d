import { ApiError } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import type { Command } from "commander";
import { type ConfigFile, readConfigFile, updateConfigFile } from "../config/file.ts";
import { loadConfig } from "../config/load.ts";
import { normalizeApiUrl } from "../config/resolve.ts";
import type { CliIo } from "../io.ts";
import { action } from "../session.ts";

export type RevokeOutcome = "revoked" | "gone" | "unknown" | { failed: string };

/**
 * Revokes the token saved in the config file when `sleuth login` minted it (its id is saved beside
 * it). A token pasted with --with-token has no known id; the server cannot tell us which one it is.
 */
export async function revokeSavedToken(saved: ConfigFile): Promise<RevokeOutcome> {
  if (!saved.token || saved.tokenId === undefined || !saved.apiUrl) return "unknown";
  let apiUrl: string;
  try {
    apiUrl = normalizeApiUrl(saved.apiUrl);
  } catch {
    return "unknown";
  }
  try {
    await createNodeClient({ baseUrl: apiUrl, token: saved.token }).auth.revokeToken(saved.tokenId);
    return "revoked";
  } catch (error) {
    // 401: the token no longer works; 404: it was already revoked. Either way nothing is left to do.
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return "gone";
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Removes the saved token, revoking it on the server when this CLI minted it. */
export function registerLogout(program: Command, io: CliIo): void {
  program
    .command("logout")
    .description("remove the saved token from the config file (and revoke it when `sleuth login` created it)")
    .action(
      action(io, async (session) => {
        const config = await session.config();
        const saved = await readConfigFile(config.configFile);
        if (!saved.token) {
          session.out.info(`Not logged in: no token in ${config.configFile}.`);
        } else {
          const outcome = await revokeSavedToken(saved);
          await updateConfigFile(config.configFile, { token: undefined, tokenId: undefined });
          session.out.info(`Removed the token from ${config.configFile}.`);
          if (outcome === "revoked") session.out.info(`Revoked it on ${saved.apiUrl}.`);
          if (outcome === "unknown") {
            session.out.info(
              "It was not created by `sleuth login`, so it stays valid until revoked in the console.",
            );
          }
          if (typeof outcome === "object") {
            session.out.warn(
              `could not revoke it on ${saved.apiUrl} (${outcome.failed}); revoke it in the console`,
            );
          }
        }
        if (io.env.SLEUTH_TOKEN?.trim())
          session.out.warn("SLEUTH_TOKEN is still set, so commands stay signed in");
        const after = await loadConfig(io, session.flags);
        if (after.token?.source.kind === "demo-file") {
          session.out.info(
            `note: the demo token in ${after.token.source.name} still signs you in to ${after.apiUrl.value}`,
          );
        }
      }),
    );
}
