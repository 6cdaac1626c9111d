import type { Command } from "commander";
import { type ConfigSource, describeSource, type Resolved, redactToken } from "../config/resolve.ts";
import type { CliIo } from "../io.ts";
import { renderPairs } from "../output/table.ts";
import { action } from "../session.ts";

function sourceJson(source: ConfigSource) {
  return { kind: source.kind, name: source.name };
}

function valueJson(resolved: Resolved<string> | null, show: (value: string) => string = (value) => value) {
  return resolved ? { value: show(resolved.value), source: sourceJson(resolved.source) } : null;
}

function pairValue(
  resolved: Resolved<string> | null,
  unset: string,
  show: (value: string) => string = (v) => v,
) {
  return resolved ? `${show(resolved.value)}  (${describeSource(resolved.source)})` : unset;
}

/** Prints the configuration every other command would use and where each value came from. */
export function registerConfig(program: Command, io: CliIo): void {
  program
    .command("config")
    .description("show the resolved configuration (token redacted) and where each value comes from")
    .option("--json", "print the configuration as JSON")
    .action(
      action(io, async (session, command) => {
        const config = await session.config();
        if (command.opts<{ json?: boolean }>().json) {
          session.out.json({
            apiUrl: valueJson(config.apiUrl),
            token: valueJson(config.token, redactToken),
            organization: valueJson(config.organization),
            configFile: config.configFile,
            demoFile: config.demoFile,
            notes: config.notes,
          });
          return;
        }
        session.out.data(
          renderPairs([
            ["api-url", pairValue(config.apiUrl, "")],
            ["token", pairValue(config.token, "none (run `sleuth login`)", redactToken)],
            [
              "organization",
              pairValue(config.organization, "none (the server uses your first organization)"),
            ],
            ["config-file", config.configFile],
            ["demo-file", config.demoFile],
          ]),
        );
        for (const note of config.notes) session.out.info(`note: ${note}`);
      }),
    );
}
